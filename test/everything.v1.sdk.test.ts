// The official v1 client (@modelcontextprotocol/sdk) drives the everything
// server in memory, through an adapter from mcpkit's transport to the SDK's.
import { createEverythingServer } from '@mcpkit/server-everything';
import { describeEverything } from './support/suite/index.js';
import { v1InMemory } from './support/v1Harness.js';

describeEverything('SDK v1 client, in memory (2025-11-25)', () => v1InMemory(createEverythingServer()));
