// The host: the servers of a config, a model, and the loop between them
// (docs/host.md). Type-checked by `npm test`; run it with a config and a key.
import { createInterface } from 'node:readline/promises';
import { NodeHost, type ApprovalRequest, type ProjectConfigReview } from 'mcpkit/host';

async function yes(question: string): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  const answer = await rl.question(`${question} [y/N] `);
  rl.close();
  return /^y/i.test(answer);
}

const host = await NodeHost.fromConfig({
  model: 'anthropic/claude-sonnet-4-5', // ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL from the environment
  // A project's .mcp.json runs only once the user has seen what it runs (remembered until it changes).
  trustProject: async (review: ProjectConfigReview) =>
    (await yes(`${review.file} would run:\n${review.lines.join('\n')}\nTrust it?`)) ? 'always' : 'no',
  policy: {
    servers: { files: { default: 'allow', tools: { delete_file: 'deny' } } },
    // Ask a person; a server's own hints (annotations) are claims, not grants.
    approver: (request: ApprovalRequest) =>
      yes(request.kind === 'tool' ? `Run ${request.server}/${request.tool}?` : `Let ${request.server} sample?`),
  },
});
await host.start();
// Rules that name no server or tool (a typo in a deny rule would let the tool it meant run).
for (const problem of host.checkRules()) console.error(`rule ${problem.rule} ${problem.message}`);
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
