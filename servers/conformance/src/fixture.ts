/**
 * The conformance fixture: an McpServer exposing exactly what the official
 * suite (`@modelcontextprotocol/conformance` 0.1.16 and 0.2.0-alpha.12)
 * names, one definition serving both the handshake and the stateless era.
 * The contracts are in `../shared/conformance/` of the workplace; the names
 * and texts below are the suite's.
 *
 * @module
 */
import { McpServer, type ServerContext } from 'mcpkit/server';
import { PNG_BASE64, WAV_BASE64 } from './media.js';
import { inputRequiredTools } from './mrtrTools.js';
import { NO_ARGS, nameOf, replyText, sleep, text } from './shared.js';
import { taskTools } from './tasks.js';

/** The `transport` detail the HTTP transport attaches (SEP-1699 polling). */
interface HttpTransportInfo {
  readonly closeSseStream?: () => void;
}

/** Builds the fixture server. */
export function createConformanceServer(): McpServer {
  const server = new McpServer({
    name: 'mcpkit-conformance-fixture',
    version: '1.0.0',
    instructions: 'The server the MCP conformance suite tests.',
  });
  contentTools(server);
  interactionTools(server);
  statelessTools(server);
  inputRequiredTools(server);
  taskTools(server);
  resources(server);
  prompts(server);
  return server;
}

function contentTools(server: McpServer): void {
  server.tool({ name: 'test_simple_text', description: 'Returns simple text', input: NO_ARGS }, () =>
    text('This is a simple text response for testing.'),
  );
  server.tool({ name: 'test_image_content', description: 'Returns an image', input: NO_ARGS }, () => ({
    content: [{ type: 'image', data: PNG_BASE64, mimeType: 'image/png' }],
  }));
  server.tool({ name: 'test_audio_content', description: 'Returns audio', input: NO_ARGS }, () => ({
    content: [{ type: 'audio', data: WAV_BASE64, mimeType: 'audio/wav' }],
  }));
  server.tool({ name: 'test_embedded_resource', description: 'Returns an embedded resource', input: NO_ARGS }, () => ({
    content: [
      {
        type: 'resource',
        resource: { uri: 'test://embedded-resource', mimeType: 'text/plain', text: 'This is an embedded resource content.' },
      },
    ],
  }));
  server.tool({ name: 'test_multiple_content_types', description: 'Returns text, image and resource', input: NO_ARGS }, () => ({
    content: [
      { type: 'text', text: 'Multiple content types test:' },
      { type: 'image', data: PNG_BASE64, mimeType: 'image/png' },
      {
        type: 'resource',
        resource: { uri: 'test://mixed-content-resource', mimeType: 'application/json', text: '{"test":"data","value":123}' },
      },
    ],
  }));
  server.tool({ name: 'test_error_handling', description: 'Always returns a tool error', input: NO_ARGS }, () => ({
    content: [{ type: 'text', text: 'This tool intentionally returns an error for testing' }],
    isError: true,
  }));
  server.tool(
    {
      name: 'json_schema_2020_12_tool',
      description: 'Tool with JSON Schema 2020-12 features',
      input: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        $defs: {
          address: {
            $anchor: 'address',
            type: 'object',
            properties: { street: { type: 'string' }, city: { type: 'string' } },
          },
        },
        properties: {
          name: { type: 'string' },
          address: { $ref: '#/$defs/address' },
          contact: {
            anyOf: [
              { type: 'string', format: 'email' },
              { type: 'string', pattern: '^\\+?[0-9 ]+$' },
            ],
          },
          kind: { type: 'string', enum: ['person', 'company'] },
          vatId: { type: 'string' },
        },
        allOf: [{ anyOf: [{ required: ['name'] }, { required: ['address'] }] }],
        if: { properties: { kind: { const: 'company' } }, required: ['kind'] },
        then: { required: ['vatId'] },
        else: { not: { required: ['vatId'] } },
        additionalProperties: false,
      },
    },
    (args) => text(`Received: ${JSON.stringify(args)}`),
  );
}

function interactionTools(server: McpServer): void {
  server.tool({ name: 'test_tool_with_logging', description: 'Logs three messages', input: NO_ARGS }, async (_args, ctx) => {
    await ctx.log('info', 'Tool execution started');
    await sleep(50);
    await ctx.log('info', 'Tool processing data');
    await sleep(50);
    await ctx.log('info', 'Tool execution completed');
    return text('Logging completed');
  });
  server.tool({ name: 'test_tool_with_progress', description: 'Reports progress', input: NO_ARGS }, async (_args, ctx) => {
    await ctx.progress(0, 100);
    await sleep(50);
    await ctx.progress(50, 100);
    await sleep(50);
    await ctx.progress(100, 100);
    return text('Progress completed');
  });
  server.tool(
    {
      name: 'test_sampling',
      description: 'Asks the client model',
      input: { type: 'object', properties: { prompt: { type: 'string' } }, required: ['prompt'] },
    },
    async (args, ctx) => {
      const { prompt } = args as { prompt: string };
      const reply = await ctx.sample({ messages: [{ role: 'user', content: { type: 'text', text: prompt } }], maxTokens: 100 });
      return text(`LLM response: ${replyText(reply)}`);
    },
  );
  server.tool(
    {
      name: 'test_elicitation',
      description: 'Asks the user',
      input: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
    },
    async (args, ctx) => {
      const answer = await ctx.elicit({
        message: (args as { message: string }).message,
        requestedSchema: {
          type: 'object',
          properties: {
            username: { type: 'string', description: 'User name' },
            email: { type: 'string', description: 'Email address' },
          },
          required: ['username', 'email'],
        },
      });
      return text(`User response: ${answer.action} ${JSON.stringify(answer.content ?? {})}`);
    },
  );
  server.tool(
    { name: 'test_elicitation_sep1034_defaults', description: 'Elicitation with defaults', input: NO_ARGS },
    async (_args, ctx) => {
      const answer = await ctx.elicit({
        message: 'Please review the defaults',
        requestedSchema: {
          type: 'object',
          properties: {
            name: { type: 'string', default: 'John Doe' },
            age: { type: 'integer', default: 30 },
            score: { type: 'number', default: 95.5 },
            status: { type: 'string', enum: ['active', 'inactive', 'pending'], default: 'active' },
            verified: { type: 'boolean', default: true },
          },
        },
      });
      return text(`Elicitation completed: action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}`);
    },
  );
  server.tool(
    { name: 'test_elicitation_sep1330_enums', description: 'Elicitation with every enum form', input: NO_ARGS },
    async (_args, ctx) => {
      const answer = await ctx.elicit({
        message: 'Pick options',
        requestedSchema: {
          type: 'object',
          properties: {
            untitledSingle: { type: 'string', enum: ['option1', 'option2', 'option3'] },
            titledSingle: {
              type: 'string',
              oneOf: [
                { const: 'value1', title: 'First Option' },
                { const: 'value2', title: 'Second Option' },
                { const: 'value3', title: 'Third Option' },
              ],
            },
            legacyEnum: {
              type: 'string',
              enum: ['opt1', 'opt2', 'opt3'],
              enumNames: ['Option One', 'Option Two', 'Option Three'],
            },
            untitledMulti: { type: 'array', items: { type: 'string', enum: ['option1', 'option2', 'option3'] } },
            titledMulti: {
              type: 'array',
              items: {
                anyOf: [
                  { const: 'value1', title: 'First Choice' },
                  { const: 'value2', title: 'Second Choice' },
                  { const: 'value3', title: 'Third Choice' },
                ],
              },
            },
          },
        },
      });
      return text(`Elicitation completed: action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}`);
    },
  );
  server.tool(
    { name: 'test_reconnection', description: 'Closes its SSE stream before answering (SEP-1699)', input: NO_ARGS },
    async (_args, ctx) => {
      (ctx.transport as HttpTransportInfo | undefined)?.closeSseStream?.();
      await sleep(100);
      return text('Reconnection test completed');
    },
  );
}

function statelessTools(server: McpServer): void {
  server.tool(
    { name: 'test_missing_capability', description: 'Needs the sampling capability', input: NO_ARGS },
    async (_args, ctx) => {
      const reply = await ctx.sample({ messages: [{ role: 'user', content: { type: 'text', text: 'ping' } }], maxTokens: 10 });
      return text(`Sampled with ${reply.model}`);
    },
  );
  server.tool(
    { name: 'test_streaming_elicitation', description: 'Asks the user (stateless: input_required)', input: NO_ARGS },
    async (_args, ctx) => {
      const answer = await ctx.elicit(
        {
          message: 'Your name?',
          requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
        },
        { key: 'name' },
      );
      return text(`Hello, ${String((answer.content as { name?: unknown } | undefined)?.name)}!`);
    },
  );
  server.tool({ name: 'test_logging_tool', description: 'Logs on the request stream', input: NO_ARGS }, async (_args, ctx) => {
    await ctx.log('info', 'Logging tool called');
    await ctx.log('debug', 'Debug detail');
    return text('Logged');
  });
  let dynamicTool: ReturnType<McpServer['tool']> | undefined;
  server.tool({ name: 'test_trigger_tool_change', description: 'Adds or removes a tool', input: NO_ARGS }, () => {
    if (dynamicTool === undefined)
      dynamicTool = server.tool({ name: 'test_dynamic_tool', description: 'Added at run time', input: NO_ARGS }, () =>
        text('dynamic'),
      );
    else {
      dynamicTool.remove();
      dynamicTool = undefined;
    }
    return text('Tool list changed');
  });
  let dynamicPrompt: ReturnType<McpServer['prompt']> | undefined;
  server.tool({ name: 'test_trigger_prompt_change', description: 'Adds or removes a prompt', input: NO_ARGS }, () => {
    if (dynamicPrompt === undefined)
      dynamicPrompt = server.prompt({ name: 'test_dynamic_prompt', description: 'Added at run time' }, () => 'dynamic');
    else {
      dynamicPrompt.remove();
      dynamicPrompt = undefined;
    }
    return text('Prompt list changed');
  });
  server.tool(
    {
      name: 'test_x_mcp_header',
      description: 'Mirrors its region argument in the Mcp-Param-Region header',
      input: { type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' } }, required: ['region'] },
    },
    (args) => text(`Region: ${(args as { region: string }).region}`),
  );
}

function resources(server: McpServer): void {
  server.resource(
    { uri: 'test://static-text', name: 'Static text', description: 'A static text resource', mimeType: 'text/plain' },
    () => 'This is the content of the static text resource.',
  );
  server.resource(
    { uri: 'test://static-binary', name: 'Static binary', description: 'A static PNG', mimeType: 'image/png' },
    () => Buffer.from(PNG_BASE64, 'base64'),
  );
  server.resourceTemplate(
    { uriTemplate: 'test://template/{id}/data', name: 'Template data', description: 'Data by id', mimeType: 'application/json' },
    (_uri, { id }) => JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` }),
  );
  server.resource(
    { uri: 'test://watched-resource', name: 'Watched', description: 'A resource to subscribe to', mimeType: 'text/plain' },
    () => `Watched at ${new Date().toISOString()}`,
  );
}

function prompts(server: McpServer): void {
  server.prompt({ name: 'test_simple_prompt', description: 'A simple prompt' }, () => 'This is a simple prompt for testing.');
  server.prompt(
    {
      name: 'test_prompt_with_arguments',
      description: 'A prompt with arguments',
      arguments: [
        { name: 'arg1', description: 'First argument', required: true },
        { name: 'arg2', description: 'Second argument', required: true },
      ],
      complete: { arg1: (value) => ['test', 'testValue1', 'testing'].filter((v) => v.startsWith(value)) },
    },
    (args) => `Prompt with arguments: arg1='${String(args['arg1'])}', arg2='${String(args['arg2'])}'`,
  );
  server.prompt(
    {
      name: 'test_prompt_with_embedded_resource',
      description: 'A prompt with an embedded resource',
      arguments: [{ name: 'resourceUri', description: 'The resource to embed', required: true }],
    },
    (args) => [
      {
        role: 'user',
        content: {
          type: 'resource',
          resource: { uri: String(args['resourceUri']), mimeType: 'text/plain', text: 'Embedded resource content for testing.' },
        },
      },
      { role: 'user', content: { type: 'text', text: 'Please process the embedded resource above.' } },
    ],
  );
  server.prompt({ name: 'test_prompt_with_image', description: 'A prompt with an image' }, () => [
    { role: 'user', content: { type: 'image', data: PNG_BASE64, mimeType: 'image/png' } },
    { role: 'user', content: { type: 'text', text: 'Please analyze the image above.' } },
  ]);
  server.prompt(
    { name: 'test_input_required_result_prompt', description: 'MRTR on prompts/get' },
    async (_args, ctx: ServerContext) => {
      const answer = await ctx.elicit(
        {
          message: 'What context should the prompt use?',
          requestedSchema: { type: 'object', properties: { context: { type: 'string' } }, required: ['context'] },
        },
        { key: 'user_context' },
      );
      return `Use this context: ${nameOf(answer, 'context')}`;
    },
  );
}
