// The official v2 client spawns `mcpkit serve everything` (the built CLI) and
// drives it over stdio, in both eras.
import { describeEverything } from './support/suite/index.js';
import { v2Stdio } from './support/v2Harness.js';

describeEverything('SDK v2 client, stdio process (2025-11-25)', () => v2Stdio('handshake'));
describeEverything('SDK v2 client, stdio process (2026-07-28)', () => v2Stdio('stateless'));
