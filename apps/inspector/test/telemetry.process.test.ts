// The inspector with telemetry: its requests carry the trace context in
// _meta, so the wire log it shows names each request's trace id, the one
// its client span (and the server's) belongs to.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testSdk, type TestSdk } from '../../../packages/mcpkit/test/telemetrySdk.js';
import { startInspector, type RunningInspector } from '../src/index.js';
import { EVERYTHING } from './helpers.js';

let inspector: RunningInspector;
let sdk: TestSdk;

beforeAll(async () => {
  sdk = testSdk();
  inspector = await startInspector({ port: 0, telemetry: sdk.telemetry });
});
afterAll(async () => {
  await inspector.close();
  await sdk.shutdown();
});

it('shows each request’s trace id in the wire log', async () => {
  const connection = await inspector.hub.connect({ ...EVERYTHING, era: 'handshake' });
  await connection.request('tools/call', { name: 'echo', arguments: { message: 'traced' } });
  const span = sdk.spans().find((s) => s.name === 'tools/call echo');
  expect(span).toBeDefined();
  const sent = connection.log.entries.find(
    (e) => e.kind === 'message' && e.dir === 'out' && (e.message as { method?: string }).method === 'tools/call',
  );
  const meta = (sent as { message: { params: { _meta: { traceparent: string } } } } | undefined)?.message.params._meta;
  expect(meta?.traceparent).toBe(`00-${span?.spanContext().traceId}-${span?.spanContext().spanId}-01`);
}, 60_000);
