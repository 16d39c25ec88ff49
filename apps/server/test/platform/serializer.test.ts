import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler, toAnswerJsonSchema } from '../../src/platform/serializer.js';

const ProductAnswer = z.object({ name: z.string(), mrpPaise: z.number().int() });

/** The writer Fastify would get for `schema` on one route and status. */
const writerFor = (schema: z.ZodType, url: string, httpStatus: string) =>
  serializerCompiler({ schema, method: 'GET', url, httpStatus }) as (data: unknown) => string;

describe('serializerCompiler', () => {
  it('writes only the declared properties', () => {
    const write = writerFor(ProductAnswer, '/a', '200');
    expect(
      JSON.parse(write({ name: 'Cotton Kurta', mrpPaise: 49_900, costPaise: 31_000 })),
    ).toEqual({ name: 'Cotton Kurta', mrpPaise: 49_900 });
  });

  it('compiles a schema once for every route and status that answers with it', () => {
    const first = writerFor(ProductAnswer, '/a', '200');
    expect(writerFor(ProductAnswer, '/b', '201')).toBe(first);
    expect(toAnswerJsonSchema(ProductAnswer)).toBe(toAnswerJsonSchema(ProductAnswer));
    // An equal but separate schema gets its own writer, with the same output.
    const copy = z.object({ name: z.string(), mrpPaise: z.number().int() });
    const other = writerFor(copy, '/a', '200');
    expect(other).not.toBe(first);
    expect(other({ name: 'Saree', mrpPaise: 1 })).toBe(first({ name: 'Saree', mrpPaise: 1 }));
  });
});
