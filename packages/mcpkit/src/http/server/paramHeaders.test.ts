import { describe, expect, it } from 'vitest';
import { mirroredParams } from './paramHeaders.js';

describe('mirroredParams', () => {
  it('finds x-mcp-header only through chains of properties', () => {
    const schema = {
      type: 'object',
      properties: {
        region: { type: 'string', 'x-mcp-header': 'Region' },
        place: { type: 'object', properties: { zone: { type: 'string', 'x-mcp-header': 'Zone' } } },
        list: { type: 'array', items: { type: 'object', properties: { no: { type: 'string', 'x-mcp-header': 'No' } } } },
        either: { anyOf: [{ type: 'string', 'x-mcp-header': 'Either' }] },
      },
    };
    expect(mirroredParams(schema)).toEqual([
      { header: 'mcp-param-region', name: 'Region', path: ['region'] },
      { header: 'mcp-param-zone', name: 'Zone', path: ['place', 'zone'] },
    ]);
  });

  it('caches per schema object', () => {
    const schema = { type: 'object', properties: { a: { type: 'string', 'x-mcp-header': 'A' } } };
    expect(mirroredParams(schema)).toBe(mirroredParams(schema));
    expect(mirroredParams(undefined)).toEqual([]);
  });
});
