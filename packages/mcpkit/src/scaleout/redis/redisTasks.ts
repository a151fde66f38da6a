/**
 * The task store on Redis: every process serving the endpoint reads and
 * writes the same task records, so `tasks/*` find a task wherever they land.
 * A record is a JSON string that expires with the task (`createdAt + ttlMs`);
 * each owner has an index of its task ids (a sorted set by expiry), which
 * expires with its last task. Updates are compare-and-set, so a terminal
 * record is never overwritten, whichever process writes last.
 *
 * @module
 */
import type { Redis } from 'ioredis';
import { RpcError } from '../../jsonrpc/index.js';
import { applyPatch, isTerminal, type TaskPatch, type TaskRecord, type TaskStore } from '../../server/index.js';
import { CREATE_TASK, REPLACE_TASK } from './taskScripts.js';

/** Options of {@link redisTaskStore}. */
export interface RedisTaskStoreOptions {
  /** The prefix of every key (as the rest of the store's). */
  readonly prefix: string;
  /** The most live tasks one owner may have stored (default 10 000); more are refused with -32603. */
  readonly maxTasksPerOwner?: number;
}

/** Compare-and-set attempts before an update gives up (only under a storm of writes to one task). */
const MAX_ATTEMPTS = 20;

/** A {@link TaskStore} on Redis; `redis` resolves with the command connection. */
export function redisTaskStore(redis: () => Promise<Redis>, options: RedisTaskStoreOptions): TaskStore {
  const { prefix } = options;
  const maxPerOwner = String(options.maxTasksPerOwner ?? 10_000);
  const taskKey = (id: string): string => `${prefix}t:${id}`;
  const ownerKey = (owner: string): string => `${prefix}to:${owner}`;

  const read = async (id: string): Promise<{ raw: string; record: TaskRecord } | undefined> => {
    const raw = await (await redis()).get(taskKey(id));
    if (raw === null) return undefined;
    const record = parse(raw);
    // The key expires with the task; the check covers the last moments of a clock skew.
    return record === undefined || record.createdAt + record.ttlMs <= Date.now() ? undefined : { raw, record };
  };

  return {
    create: async (record) => {
      const ttl = Math.max(1, record.createdAt + record.ttlMs - Date.now());
      const created = (await (
        await redis()
      ).eval(
        CREATE_TASK,
        2,
        taskKey(record.taskId),
        ownerKey(record.owner),
        JSON.stringify(record),
        String(ttl),
        record.taskId,
        maxPerOwner,
      )) as number;
      if (created === -1) throw RpcError.internal('Too many tasks: try again later');
      if (created === 0) throw RpcError.internal(`Task ${record.taskId} already exists`);
    },
    get: async (id) => (await read(id))?.record,
    update: async (id, patch: TaskPatch) => {
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        const current = await read(id);
        if (current === undefined || isTerminal(current.record.status)) return current?.record;
        const next = applyPatch(current.record, patch);
        const replaced = (await (await redis()).eval(REPLACE_TASK, 1, taskKey(id), current.raw, JSON.stringify(next))) as number;
        if (replaced === 1) return next;
      }
      throw RpcError.internal(`Task ${id} is being changed too often: try again`);
    },
    list: async (owner) => {
      const client = await redis();
      const ids = await client.zrangebyscore(ownerKey(owner), Date.now(), '+inf');
      if (ids.length === 0) return [];
      const raws = await client.mget(ids.map(taskKey));
      const records: TaskRecord[] = [];
      for (const raw of raws) {
        const record = raw === null ? undefined : parse(raw);
        if (record !== undefined && record.owner === owner && record.createdAt + record.ttlMs > Date.now()) records.push(record);
      }
      return records.sort((a, b) => a.createdAt - b.createdAt);
    },
  };
}

function parse(raw: string): TaskRecord | undefined {
  try {
    const value = JSON.parse(raw) as unknown;
    return typeof value === 'object' && value !== null && typeof (value as TaskRecord).taskId === 'string'
      ? (value as TaskRecord)
      : undefined;
  } catch {
    return undefined;
  }
}
