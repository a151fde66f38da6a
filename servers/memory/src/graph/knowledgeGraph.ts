/**
 * The knowledge graph on one database connection. Every change is one
 * `BEGIN IMMEDIATE` transaction (it takes the write lock first, so two
 * processes never interleave a read-modify-write, and a second writer waits
 * for the busy timeout rather than failing); every read is one transaction,
 * so it sees one consistent state.
 *
 * @module
 */
import type { Db } from '../store/open.js';
import { prepared } from '../store/prepared.js';
import type { Entity, Graph, ObservationAddition, ObservationDeletion, ObservationsAdded, Relation } from './model.js';
import { openNodes, readGraph, searchNodes } from './reads.js';
import * as writes from './writes.js';

/** The graph's operations, one transaction each. */
export class KnowledgeGraph {
  /** The connection. */
  readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  #write<T>(work: (db: Db) => T): T {
    return this.db.transaction('immediate', () => work(this.db));
  }

  #read<T>(work: (db: Db) => T): T {
    return this.db.transaction('deferred', () => work(this.db));
  }

  /** Creates entities whose names are new; returns those created. */
  createEntities(entities: readonly Entity[]): Entity[] {
    return this.#write((db) => writes.createEntities(db, entities));
  }

  /** Creates relations that are new; returns those created. */
  createRelations(relations: readonly Relation[]): Relation[] {
    return this.#write((db) => writes.createRelations(db, relations));
  }

  /** Adds observations to existing entities; an unknown entity fails the call. */
  addObservations(additions: readonly ObservationAddition[]): ObservationsAdded[] {
    return this.#write((db) => writes.addObservations(db, additions));
  }

  /** Deletes entities and their relations. */
  deleteEntities(names: readonly string[]): void {
    this.#write((db) => {
      writes.deleteEntities(db, names);
    });
  }

  /** Deletes observations. */
  deleteObservations(deletions: readonly ObservationDeletion[]): void {
    this.#write((db) => {
      writes.deleteObservations(db, deletions);
    });
  }

  /** Deletes relations. */
  deleteRelations(relations: readonly Relation[]): void {
    this.#write((db) => {
      writes.deleteRelations(db, relations);
    });
  }

  /** The whole graph. */
  readGraph(): Graph {
    return this.#read(readGraph);
  }

  /** Entities matching `query` (name, type or observation, ignoring case) and their relations. */
  searchNodes(query: string): Graph {
    return this.#read((db) => searchNodes(db, query));
  }

  /** Named entities and their relations. */
  openNodes(names: readonly string[]): Graph {
    return this.#read((db) => openNodes(db, names));
  }

  /** A number that changes when another connection (another process) commits a change: `PRAGMA data_version`. */
  othersVersion(): number {
    return Number(prepared(this.db, 'PRAGMA data_version').value());
  }
}
