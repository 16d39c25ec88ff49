import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SupportContactSchema } from '@bazaar/shared';
import { COMPRESSION_THRESHOLD_BYTES, maxJsonBytes } from '../../src/platform/compression.js';
import { toAnswerJsonSchema } from '../../src/platform/serializer.js';

/** `maxJsonBytes` of a zod answer schema, through the serializer's own JSON Schema. */
const boundOf = (schema: z.ZodType) =>
  maxJsonBytes(toAnswerJsonSchema(schema) as Parameters<typeof maxJsonBytes>[0]);

/** Any text of up to `max` UTF-16 units, astral characters included, without control characters. */
const text = (max: number) =>
  fc
    .string({ unit: 'binary', maxLength: max })
    // eslint-disable-next-line no-control-regex -- the bound leaves JSON's six-byte escapes out
    .filter((value) => value.length <= max && !/[\u0000-\u001f]/.test(value));

describe('maxJsonBytes', () => {
  const bounded = z.object({
    name: z.string().max(12),
    sizes: z.array(z.enum(['S', 'XXL'])).max(3),
    mrpPaise: z.number().int(),
    note: z.string().max(5).nullable(),
    inStock: z.boolean().optional(),
    id: z.uuid(),
    at: z.iso.datetime(),
  });

  it('is never below the length of a JSON text the schema allows', () => {
    const bound = boundOf(bounded);
    expect(bound).toBeLessThan(Infinity);
    fc.assert(
      fc.property(
        fc.record({
          name: text(12),
          sizes: fc.array(fc.constantFrom('S', 'XXL'), { maxLength: 3 }),
          mrpPaise: fc.oneof(fc.integer(), fc.constant(-Number.MAX_SAFE_INTEGER)),
          note: fc.option(text(5), { nil: null }),
          inStock: fc.boolean(),
          id: fc.uuid(),
          at: fc
            .date({ min: new Date(0), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true })
            .map((date) => date.toISOString()),
        }),
        (value) => {
          const answer = JSON.stringify(value);
          expect(Buffer.byteLength(answer)).toBeLessThanOrEqual(bound);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('bounds a text by its longest UTF-8 form', () => {
    const bound = boundOf(z.string().max(12));
    fc.assert(
      fc.property(text(12), (value) => {
        expect(Buffer.byteLength(JSON.stringify(value))).toBeLessThanOrEqual(bound);
      }),
      { numRuns: 500 },
    );
    expect(Buffer.byteLength(JSON.stringify('₹'.repeat(12)))).toBe(bound);
  });

  it('counts the longest form exactly for fixed values', () => {
    expect(boundOf(z.object({ ok: z.literal(true) }))).toBe('{"ok":true}'.length);
    expect(boundOf(z.enum(['paid', 'cancelled']))).toBe('"cancelled"'.length);
    expect(boundOf(z.array(z.literal(1)).max(3))).toBe('[1,1,1]'.length);
    expect(boundOf(z.object({}))).toBe('{}'.length);
  });

  it('has no bound when a list, a text or a record can grow without limit', () => {
    expect(boundOf(z.object({ items: z.array(z.string().max(3)) }))).toBe(Infinity);
    expect(boundOf(z.object({ note: z.string() }))).toBe(Infinity);
    expect(boundOf(z.record(z.string(), z.number()))).toBe(Infinity);
    expect(boundOf(z.object({ at: z.date() }))).toBe(Infinity); // unrepresentable: {}
    expect(boundOf(z.union([z.literal(1), z.string()]))).toBe(Infinity);
  });

  it('keeps the support contact answer under the compression threshold', () => {
    expect(boundOf(SupportContactSchema)).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
  });
});
