// The official v1 client spawns `mcpkit serve everything` (the built CLI) and
// drives it over stdio.
import { describeEverything } from './support/suite/index.js';
import { v1Stdio } from './support/v1Harness.js';

describeEverything('SDK v1 client, stdio process (2025-11-25)', v1Stdio);
