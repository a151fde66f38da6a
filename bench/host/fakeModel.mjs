#!/usr/bin/env node
/**
 * A minimal OpenAI Chat Completions stand-in for the host benchmark, in its
 * own process so its CPU is not the host's: it streams one `echo` tool call
 * when the last message is the user's, and a short answer once the tool
 * result is back. Prints `listening <url>` on stdout. (The tests use the
 * complete fakes in packages/mcpkit/test/host/fakes.)
 */
import { createServer } from 'node:http';

const chunk = (model, delta, finish = null) =>
  `data: ${JSON.stringify({ id: 'b', object: 'chat.completion.chunk', created: 0, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

const tool = process.argv[2] ?? 'bench__echo';
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    const request = JSON.parse(body);
    const last = request.messages.at(-1);
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const frames = [chunk(request.model, { role: 'assistant', content: '' })];
    if (last.role === 'tool')
      frames.push(
        chunk(request.model, { content: 'The tool said ' }),
        chunk(request.model, { content: last.content }),
        chunk(request.model, {}, 'stop'),
      );
    else
      frames.push(
        chunk(request.model, {
          tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: tool, arguments: '' } }],
        }),
        chunk(request.model, { tool_calls: [{ index: 0, function: { arguments: '{"message":' } }] }),
        chunk(request.model, { tool_calls: [{ index: 0, function: { arguments: '"hello"}' } }] }),
        chunk(request.model, {}, 'tool_calls'),
      );
    frames.push(
      `data: ${JSON.stringify({ id: 'b', object: 'chat.completion.chunk', created: 0, model: request.model, choices: [], usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } })}\n\n`,
      'data: [DONE]\n\n',
    );
    res.end(frames.join(''));
  });
});
// Ends with its parent: stdin closes when the benchmark exits, however it exits.
process.stdin.on('end', () => process.exit(0)).resume();
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening http://127.0.0.1:${server.address().port}/v1\n`);
});
