import { describe, expect, it } from 'vitest';
import { paramHeaders, scanToolHeaders } from './toolHeaders.js';

const schema = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  type: 'object',
  properties,
  ...extra,
});

describe('scanToolHeaders', () => {
  it('finds annotations at any depth of properties', () => {
    const scan = scanToolHeaders(
      schema({
        region: { type: 'string', 'x-mcp-header': 'Region' },
        query: { type: 'string' },
        target: { type: 'object', properties: { tenant: { type: 'integer', 'x-mcp-header': 'Tenant' } } },
      }),
    );
    expect(scan.problem).toBeUndefined();
    expect(scan.declarations).toEqual([
      { path: ['region'], name: 'Region' },
      { path: ['target', 'tenant'], name: 'Tenant' },
    ]);
  });

  it('accepts a schema without annotations, or without a schema at all', () => {
    expect(scanToolHeaders(schema({ a: { type: 'string' } }))).toEqual({ declarations: [] });
    expect(scanToolHeaders(undefined)).toEqual({ declarations: [] });
  });

  // The invalid tools of the conformance scenario http-invalid-tool-headers, and the spec's other rules.
  it.each([
    ['empty name', schema({ value: { type: 'string', 'x-mcp-header': '' } })],
    ['object type', schema({ data: { type: 'object', 'x-mcp-header': 'Data' } })],
    ['array type', schema({ items: { type: 'array', items: { type: 'string' }, 'x-mcp-header': 'Items' } })],
    ['null type', schema({ nil: { type: 'null', 'x-mcp-header': 'Nil' } })],
    ['no type', schema({ v: { enum: ['a'], 'x-mcp-header': 'V' } })],
    [
      'duplicate, same case',
      schema({ a: { type: 'string', 'x-mcp-header': 'Region' }, b: { type: 'string', 'x-mcp-header': 'Region' } }),
    ],
    [
      'duplicate, other case',
      schema({ a: { type: 'string', 'x-mcp-header': 'MyField' }, b: { type: 'string', 'x-mcp-header': 'myfield' } }),
    ],
    ['space in name', schema({ value: { type: 'string', 'x-mcp-header': 'My Region' } })],
    ['colon in name', schema({ value: { type: 'string', 'x-mcp-header': 'Region:Primary' } })],
    ['non-ASCII name', schema({ value: { type: 'string', 'x-mcp-header': 'Région' } })],
    ['control character in name', schema({ value: { type: 'string', 'x-mcp-header': 'Region\t1' } })],
    ['non-string name', schema({ value: { type: 'string', 'x-mcp-header': 42 } })],
    [
      'under items',
      schema({ list: { type: 'array', items: { type: 'object', properties: { r: { type: 'string', 'x-mcp-header': 'R' } } } } }),
    ],
    ['under anyOf', schema({}, { anyOf: [{ properties: { r: { type: 'string', 'x-mcp-header': 'R' } } }] })],
    ['under $defs', schema({}, { $defs: { T: { type: 'string', 'x-mcp-header': 'R' } } })],
    ['under if', schema({}, { if: { properties: { r: { type: 'string', 'x-mcp-header': 'R' } } } })],
    ['on the root', { type: 'object', 'x-mcp-header': 'Root' }],
  ])('rejects a tool with %s', (_, inputSchema) => {
    const scan = scanToolHeaders(inputSchema);
    expect(scan.problem).toBeTypeOf('string');
    expect(scan.declarations).toEqual([]);
  });

  it('rejects a number-typed annotation but still mirrors it (the server will check the header anyway)', () => {
    const scan = scanToolHeaders(
      schema({ priority: { type: 'number', 'x-mcp-header': 'Priority' }, r: { type: 'string', 'x-mcp-header': 'R' } }),
    );
    expect(scan.problem).toMatch(/number/);
    expect(scan.declarations.map((d) => d.name)).toEqual(['Priority', 'R']);
  });

  it('accepts a nullable primitive (type list with null)', () => {
    expect(scanToolHeaders(schema({ v: { type: ['string', 'null'], 'x-mcp-header': 'V' } })).problem).toBeUndefined();
    expect(scanToolHeaders(schema({ v: { type: ['object', 'null'], 'x-mcp-header': 'V' } })).problem).toBeTypeOf('string');
  });
});

describe('paramHeaders', () => {
  const declarations = scanToolHeaders(
    schema({
      region: { type: 'string', 'x-mcp-header': 'Region' },
      priority: { type: 'integer', 'x-mcp-header': 'Priority' },
      verbose: { type: 'boolean', 'x-mcp-header': 'Verbose' },
      debug: { type: 'boolean', 'x-mcp-header': 'Debug' },
      greeting: { type: 'string', 'x-mcp-header': 'Greeting' },
      method_val: { type: 'string', 'x-mcp-header': 'Method' },
      nested: { type: 'object', properties: { tenant: { type: 'string', 'x-mcp-header': 'Tenant' } } },
      query: { type: 'string' },
    }),
  ).declarations;

  it('converts strings as-is, integers to decimal, booleans to true/false, and encodes unsafe values', () => {
    const headers = paramHeaders(declarations, {
      region: 'us-west1',
      priority: -7,
      verbose: false,
      debug: true,
      greeting: 'Hello, 世界',
      method_val: 'test-method',
      nested: { tenant: 'acme' },
      query: 'SELECT * FROM users',
    });
    expect(headers).toEqual({
      'mcp-param-region': 'us-west1',
      'mcp-param-priority': '-7',
      'mcp-param-verbose': 'false',
      'mcp-param-debug': 'true',
      'mcp-param-greeting': '=?base64?SGVsbG8sIOS4lueVjA==?=',
      'mcp-param-method': 'test-method',
      'mcp-param-tenant': 'acme',
    });
  });

  it('omits a header when the value is null, absent, not a primitive, or an unsafe integer', () => {
    expect(paramHeaders(declarations, { region: null, verbose: undefined, nested: 'not an object', priority: 2 ** 53 })).toEqual(
      {},
    );
    expect(paramHeaders(declarations, undefined)).toEqual({});
    expect(paramHeaders(declarations, { region: { nested: true }, priority: Number.NaN })).toEqual({});
  });

  it('sends an empty string as the encoded empty value, so it cannot read as "absent"', () => {
    expect(paramHeaders(declarations, { region: '' })).toEqual({ 'mcp-param-region': '=?base64??=' });
  });
});
