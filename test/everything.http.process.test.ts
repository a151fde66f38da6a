// The official clients drive `mcpkit serve everything --http 0` (the built
// CLI, serving Streamable HTTP through mcpkit/node's serveHttp): v1 in the
// handshake era, v2 in both eras.
import { describeEverything } from './support/suite/index.js';
import { v1Http } from './support/v1Harness.js';
import { v2Http } from './support/v2Harness.js';

describeEverything('SDK v1 client, HTTP process (2025-11-25)', v1Http);
describeEverything('SDK v2 client, HTTP process (2025-11-25)', () => v2Http('handshake'));
describeEverything('SDK v2 client, HTTP process (2026-07-28)', () => v2Http('stateless'));
