// Property-based fuzzing of URI templates: any text either parses or is
// refused with INVALID_ARGUMENT; matching any URI never throws; a value
// expanded into a one-variable template matches back to itself.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LocalError } from '../../src/jsonrpc/localError.js';
import { UriTemplate } from '../../src/protocol/uriTemplate.js';
import { fuzzParameters, FUZZ_TIMEOUT_MS } from './fuzz.js';

const templateText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc
    .array(
      fc.oneof(
        fc.string({ maxLength: 6 }),
        fc.constantFrom('{', '}', '{a}', '{+a}', '{#b}', '{/c*}', '{?x,y}', '{&z:3}', '{.d}', '{;e}', ',', '*', ':'),
      ),
      {
        maxLength: 8,
      },
    )
    .map((parts) => parts.join('')),
);

describe('URI templates, fuzzed', () => {
  it(
    'parse any text or refuse it with INVALID_ARGUMENT; match any URI without throwing',
    () => {
      fc.assert(
        fc.property(templateText, fc.string({ maxLength: 60 }), (text, uri) => {
          let template: UriTemplate;
          try {
            template = new UriTemplate(text);
          } catch (error) {
            expect(error).toBeInstanceOf(LocalError);
            expect((error as LocalError).code).toBe('INVALID_ARGUMENT');
            return;
          }
          const matched = template.match(uri);
          expect(matched === undefined || typeof matched === 'object').toBe(true);
        }),
        fuzzParameters(),
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'match back the value they expanded (one variable, simple and query operators)',
    () => {
      const literal = fc.stringMatching(/^[a-z0-9:/.-]{0,12}$/);
      fc.assert(
        fc.property(literal, fc.constantFrom('', '?'), fc.string({ minLength: 1, maxLength: 30 }), (prefix, op, value) => {
          const template = new UriTemplate(`${prefix}{${op}v}`);
          const uri = template.expand({ v: value });
          expect(template.match(uri)).toEqual({ v: value });
        }),
        fuzzParameters(),
      );
    },
    FUZZ_TIMEOUT_MS,
  );
});
