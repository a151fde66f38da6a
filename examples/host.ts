// The host: the servers of a config, a model, and the loop between them
// (docs/host.md). Type-checked by `npm test`; run it with a config and a key.
import { Host, type ApprovalRequest } from 'mcpkit/host';

const host = await Host.fromConfig({
  model: 'anthropic/claude-sonnet-4-5', // ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL from the environment
  policy: {
    servers: { files: { default: 'allow', tools: { delete_file: 'deny' } } },
    approver: (request: ApprovalRequest) => request.kind === 'tool' && request.annotations?.readOnlyHint === true,
  },
});
await host.start();
for (const tool of host.tools()) console.log(`${tool.name}: ${tool.server}/${tool.tool.name}`);

const controller = new AbortController();
process.once('SIGINT', () => {
  controller.abort(); // cancels the call in flight; the server is told
});
const transcript = await host.ask('Summarize notes.txt', {
  signal: controller.signal,
  onEvent: (event) => {
    if (event.type === 'text') process.stdout.write(event.delta);
    if (event.type === 'tool-call-finished') console.error(`${event.record.name}: ${event.record.outcome}`);
  },
});
console.log(`\n${String(transcript.usage.inputTokens)} tokens in, ${String(transcript.usage.outputTokens)} out`);
await host.close();
