/**
 * The two tools of mcp-server-time, with its names, argument names,
 * descriptions, annotations and result texts; plus output schemas, so the
 * same JSON also arrives as `structuredContent`.
 *
 * @module
 */
import { ToolError, type McpServer } from 'mcpkit/server';
import type { CallToolResult, ToolAnnotations } from 'mcpkit/protocol';
import { convertTime, currentTime, TimeError, type TimeConversionResult, type TimeResult } from './clock.js';
import { pythonJson } from './format.js';

const PURE: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

const TIME_RESULT = {
  type: 'object',
  properties: {
    timezone: { type: 'string', description: 'The zone, as given' },
    datetime: { type: 'string', description: 'Local date and time with its UTC offset, YYYY-MM-DDTHH:MM:SS±HH:MM' },
    day_of_week: { type: 'string', description: 'English day name' },
    is_dst: { type: 'boolean', description: 'Whether daylight saving time is in effect' },
  },
  required: ['timezone', 'datetime', 'day_of_week', 'is_dst'],
} as const;

const CONVERSION_RESULT = {
  type: 'object',
  properties: {
    source: TIME_RESULT,
    target: TIME_RESULT,
    time_difference: { type: 'string', description: 'Target offset minus source offset in hours, e.g. +9.0h or -4.5h' },
  },
  required: ['source', 'target', 'time_difference'],
} as const;

/** Runs a computation; its failure is a tool error worded as the official server words it. */
function answer(compute: () => TimeResult | TimeConversionResult): CallToolResult {
  let result: TimeResult | TimeConversionResult;
  try {
    result = compute();
  } catch (error) {
    if (error instanceof TimeError) throw new ToolError(`Error processing mcp-server-time query: ${error.message}`);
    throw error;
  }
  return { content: [{ type: 'text', text: pythonJson(result) }], structuredContent: { ...result } };
}

/** Registers `get_current_time` and `convert_time`; `localZone` is named in their descriptions, as the official does. */
export function registerTimeTools(server: McpServer, localZone: string, now: () => number = Date.now): void {
  server.tool(
    {
      name: 'get_current_time',
      title: 'Get current time',
      description: 'Get current time in a specific timezone',
      input: {
        type: 'object',
        properties: {
          timezone: {
            type: 'string',
            description: `IANA timezone name (e.g., 'America/New_York', 'Europe/London'). Use '${localZone}' as local timezone if no timezone provided by the user.`,
          },
        },
        required: ['timezone'],
      },
      output: TIME_RESULT,
      annotations: PURE,
    },
    (args) => {
      const { timezone } = args as { timezone: string };
      return answer(() => {
        if (timezone === '') throw new TimeError('Missing required argument: timezone');
        return currentTime(timezone, now());
      });
    },
  );
  server.tool(
    {
      name: 'convert_time',
      title: 'Convert time',
      description: 'Convert time between timezones',
      input: {
        type: 'object',
        properties: {
          source_timezone: {
            type: 'string',
            description: `Source IANA timezone name (e.g., 'America/New_York', 'Europe/London'). Use '${localZone}' as local timezone if no source timezone provided by the user.`,
          },
          time: {
            type: 'string',
            description:
              'Time to convert in 24-hour format (HH:MM), taken as today in the source timezone; or a local date and time (YYYY-MM-DDTHH:MM) for another day',
          },
          target_timezone: {
            type: 'string',
            description: `Target IANA timezone name (e.g., 'Asia/Tokyo', 'America/San_Francisco'). Use '${localZone}' as local timezone if no target timezone provided by the user.`,
          },
        },
        required: ['source_timezone', 'time', 'target_timezone'],
      },
      output: CONVERSION_RESULT,
      annotations: PURE,
    },
    (args) => {
      const { source_timezone, time, target_timezone } = args as Record<'source_timezone' | 'time' | 'target_timezone', string>;
      return answer(() => convertTime(source_timezone, time, target_timezone, now()));
    },
  );
}
