// The time server through an mcpkit client, in each era. The official
// mcp-server-time (Python) cannot run here, so its texts are pinned from its
// source (modelcontextprotocol/servers, src/time/src/mcp_server_time/server.py):
// tool names, argument names, descriptions, annotations, the JSON of the
// results (json.dumps indent=2) and the error texts.
import { afterEach, describe, expect, it } from 'vitest';
import type { McpClient } from 'mcpkit/client';
import { connectPair, onlyText, REVISIONS } from '../../../test/support/serverPair.js';
import { createTimeServer, parseTimeArgs } from '../src/index.js';

const NOW = Date.UTC(2025, 0, 15, 12, 0, 30, 250);
let client: McpClient | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
});

const PURE = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

describe.each(REVISIONS)('time server at %s', (revision) => {
  const structured = revision !== '2024-11-05';

  it('lists the official tools, arguments and annotations', async () => {
    client = await connectPair(createTimeServer({ localTimezone: 'Europe/Paris', now: () => NOW }), revision);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['get_current_time', 'convert_time']);
    const [current, convert] = tools;
    expect(current).toMatchObject({
      description: 'Get current time in a specific timezone',
      inputSchema: {
        type: 'object',
        properties: {
          timezone: {
            type: 'string',
            description:
              "IANA timezone name (e.g., 'America/New_York', 'Europe/London'). Use 'Europe/Paris' as local timezone if no timezone provided by the user.",
          },
        },
        required: ['timezone'],
      },
      annotations: PURE,
    });
    expect(convert).toMatchObject({
      description: 'Convert time between timezones',
      inputSchema: { type: 'object', required: ['source_timezone', 'time', 'target_timezone'] },
      annotations: PURE,
    });
    expect(Object.keys(convert?.inputSchema.properties ?? {})).toEqual(['source_timezone', 'time', 'target_timezone']);
    if (structured) expect(current?.outputSchema).toMatchObject({ required: ['timezone', 'datetime', 'day_of_week', 'is_dst'] });
  });

  it('answers get_current_time with the official JSON text (and structured content)', async () => {
    client = await connectPair(createTimeServer({ localTimezone: 'UTC', now: () => NOW }), revision);
    const result = await client.callTool({ name: 'get_current_time', arguments: { timezone: 'Asia/Tokyo' } });
    expect(onlyText(result)).toBe(
      '{\n  "timezone": "Asia/Tokyo",\n  "datetime": "2025-01-15T21:00:30+09:00",\n  "day_of_week": "Wednesday",\n  "is_dst": false\n}',
    );
    expect(result.isError).toBeFalsy();
    if (structured) expect(result.structuredContent).toEqual(JSON.parse(onlyText(result)));
    else expect(result.structuredContent).toBeUndefined();
  });

  it('answers convert_time with source, target and time_difference', async () => {
    client = await connectPair(createTimeServer({ localTimezone: 'UTC', now: () => NOW }), revision);
    const result = await client.callTool({
      name: 'convert_time',
      arguments: { source_timezone: 'America/New_York', time: '16:30', target_timezone: 'Asia/Kolkata' },
    });
    expect(JSON.parse(onlyText(result))).toEqual({
      source: { timezone: 'America/New_York', datetime: '2025-01-15T16:30:00-05:00', day_of_week: 'Wednesday', is_dst: false },
      target: { timezone: 'Asia/Kolkata', datetime: '2025-01-16T03:00:00+05:30', day_of_week: 'Thursday', is_dst: false },
      time_difference: '+10.5h',
    });
    expect(onlyText(result)).toContain('{\n  "source": {\n    "timezone": "America/New_York",');
  });

  it('fails as the official does, with isError and its texts', async () => {
    client = await connectPair(createTimeServer({ localTimezone: 'UTC', now: () => NOW }), revision);
    const cases: [string, Record<string, string>, string][] = [
      ['get_current_time', { timezone: 'Mars/Olympus' }, "Invalid timezone: 'No time zone found with key Mars/Olympus'"],
      ['get_current_time', { timezone: '' }, 'Missing required argument: timezone'],
      [
        'convert_time',
        { source_timezone: 'UTC', time: '7pm', target_timezone: 'UTC' },
        'Invalid time format. Expected HH:MM [24-hour format]',
      ],
    ];
    for (const [name, args, message] of cases) {
      const result = await client.callTool({ name, arguments: args });
      expect(result.isError).toBe(true);
      expect(onlyText(result)).toBe(`Error processing mcp-server-time query: ${message}`);
    }
  });
});

describe('time server options', () => {
  it('reads --local-timezone and refuses an unknown zone or option', () => {
    expect(parseTimeArgs(['--local-timezone', 'Asia/Tokyo'])).toEqual({ localTimezone: 'Asia/Tokyo' });
    expect(() => parseTimeArgs(['--zone', 'x'])).toThrow(/Unknown option '--zone'/);
    expect(() => createTimeServer({ localTimezone: 'Nowhere/Else' })).toThrow(
      "--local-timezone: Invalid timezone: 'No time zone found with key Nowhere/Else'",
    );
  });

  it('names the machine zone (TZ, else the system setting, else UTC) in the descriptions by default', async () => {
    client = await connectPair(createTimeServer());
    const { tools } = await client.listTools();
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(JSON.stringify(tools[0]?.inputSchema)).toContain(`Use '${zone}' as local timezone`);
  });
});
