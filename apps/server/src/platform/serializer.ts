import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';

/**
 * Response serializer: each route's zod response schema (the one OpenAPI publishes) is turned
 * into JSON Schema once at start-up and compiled with fast-json-stringify, which writes only the
 * declared properties (nothing internal leaks) several times faster than validating the response
 * with zod on every request. Responses are built by our own typed code, so TypeScript already
 * checks their shape; see docs/decisions/0005-response-serialization.md.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) =>
  fastJsonStringify(
    toAnswerJsonSchema(schema) as unknown as Parameters<typeof fastJsonStringify>[0],
  );

/**
 * A zod answer schema as the draft-7 JSON Schema the serializer compiles: the output side,
 * shared parts inlined, unrepresentable parts (dates as objects, transforms) as `{}`.
 */
export function toAnswerJsonSchema(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, {
    target: 'draft-7',
    io: 'output',
    unrepresentable: 'any',
    reused: 'inline',
  });
}
