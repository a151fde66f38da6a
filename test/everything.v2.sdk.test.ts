// The official v2 client (@modelcontextprotocol/client) drives the everything
// server in memory, in the handshake era and in 2026-07-28 (MRTR: sampling,
// elicitation and roots answered through input_required round trips).
import { createEverythingServer } from '@mcpkit/server-everything';
import { describeEverything } from './support/suite/index.js';
import { v2InMemory } from './support/v2Harness.js';

describeEverything('SDK v2 client, in memory (2025-11-25)', () => v2InMemory(createEverythingServer(), 'handshake'));
describeEverything('SDK v2 client, in memory (2026-07-28)', () => v2InMemory(createEverythingServer(), 'stateless'));
