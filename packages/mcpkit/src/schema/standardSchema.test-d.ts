import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import type { JsonSchemaObject } from '../protocol/types/tools.js';
import type { InferInput, InferOutput, StandardSchemaV1 } from './standardSchema.js';
import type { SchemaInput } from './toolSchema.js';

describe('InferInput / InferOutput', () => {
  it('reads both sides of a zod schema', () => {
    const _schema = z.object({ days: z.string().transform(Number), note: z.string().optional() });
    expectTypeOf<InferInput<typeof _schema>>().toEqualTypeOf<{ days: string; note?: string | undefined }>();
    expectTypeOf<InferOutput<typeof _schema>>().toEqualTypeOf<{ days: number; note?: string | undefined }>();
  });

  it('reads a hand-written Standard Schema', () => {
    expectTypeOf<InferInput<StandardSchemaV1<string, number>>>().toEqualTypeOf<string>();
    expectTypeOf<InferOutput<StandardSchemaV1<string, number>>>().toEqualTypeOf<number>();
  });

  it('gives unknown for a JSON Schema object', () => {
    expectTypeOf<InferInput<JsonSchemaObject>>().toBeUnknown();
    expectTypeOf<InferOutput<JsonSchemaObject>>().toBeUnknown();
  });
});

describe('SchemaInput', () => {
  it('accepts zod schemas and JSON Schema objects', () => {
    expectTypeOf(z.object({ a: z.string() })).toExtend<SchemaInput>();
    expectTypeOf(z.object({ a: z.string() })).toExtend<StandardSchemaV1>();
    expectTypeOf<{ type: 'object'; properties: { a: { type: 'string' } } }>().toExtend<SchemaInput>();
  });
});
