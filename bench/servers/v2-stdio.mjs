/** Official SDK v2: `serveStdio` (both eras) with the echo server factory. */
import '../lib/stats.mjs';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { createEchoServer } from './v2-echo.mjs';

serveStdio(() => createEchoServer());
