#!/usr/bin/env node
/**
 * The same loop built from the official SDKs, as an application would write
 * it: `@modelcontextprotocol/sdk`'s Client over stdio, `openai`'s streaming
 * Chat Completions, the tool named `server__tool` and mapped back, the call
 * made and its text handed back. Same fake model, same server, same work per
 * round trip as mcpkitLoop.mjs (minus what the official SDKs do not offer: a
 * policy, a transcript). Prints one JSON line.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import OpenAI from 'openai';
import { measure } from './measure.mjs';

const { modelUrl, server, asks, warmup } = JSON.parse(process.argv[2]);
const client = new Client({ name: 'sdk-loop', version: '1.0.0' });
await client.connect(new StdioClientTransport({ command: process.execPath, args: [server] }));
const { tools } = await client.listTools();
const byName = new Map(tools.map((t) => [`bench__${t.name}`, t.name]));
const modelTools = tools.map((t) => ({
  type: 'function',
  function: { name: `bench__${t.name}`, description: t.description, parameters: t.inputSchema },
}));
const openai = new OpenAI({ apiKey: 'bench', baseURL: modelUrl, maxRetries: 2 });

async function turn(messages) {
  const stream = await openai.chat.completions.create({
    model: 'bench-model',
    messages,
    tools: modelTools,
    stream: true,
    stream_options: { include_usage: true },
  });
  let content = '';
  const calls = [];
  for await (const chunk of stream) {
    const delta = chunk.choices[0]?.delta;
    if (delta?.content) content += delta.content;
    for (const c of delta?.tool_calls ?? []) {
      calls[c.index] ??= { id: '', name: '', arguments: '' };
      if (c.id) calls[c.index].id = c.id;
      if (c.function?.name) calls[c.index].name += c.function.name;
      if (c.function?.arguments) calls[c.index].arguments += c.function.arguments;
    }
  }
  return { content, calls };
}

async function once() {
  const messages = [{ role: 'user', content: 'Say hello through the tool.' }];
  for (;;) {
    const { content, calls } = await turn(messages);
    messages.push({
      role: 'assistant',
      content: content || null,
      ...(calls.length > 0 && {
        tool_calls: calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })),
      }),
    });
    if (calls.length === 0) {
      if (!content.includes('hello')) throw new Error(`unexpected answer ${content}`);
      return;
    }
    const results = await Promise.all(
      calls.map((c) => client.callTool({ name: byName.get(c.name), arguments: JSON.parse(c.arguments) })),
    );
    calls.forEach((c, i) =>
      messages.push({
        role: 'tool',
        tool_call_id: c.id,
        content: results[i].content.map((b) => (b.type === 'text' ? b.text : '')).join(''),
      }),
    );
  }
}

const figures = await measure(once, { asks, warmup });
await client.close();
process.stdout.write(`${JSON.stringify(figures)}\n`);
