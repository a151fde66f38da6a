/**
 * Baseline: a hand-written JSON-RPC echo server on stdio, newline-delimited
 * JSON, one write per reply (what a simple hand-written loop does).
 */
import '../lib/stats.mjs';
import { answer } from './raw-protocol.mjs';
import { serveLines } from './raw-lines.mjs';

serveLines(answer);
