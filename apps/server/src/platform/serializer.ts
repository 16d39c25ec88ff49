import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

/** A compiled answer writer: the JSON text of a value of its schema. */
type Serialize = (data: unknown) => string;

/**
 * One compiled writer per zod schema, shared by every route and app instance that answers with
 * it: most schemas serve many routes (the error answer serves every route's 4xx), and Fastify
 * asks for a writer per route and status. A writer depends on nothing but its schema, and zod
 * schemas never change once made.
 */
const serializers = new WeakMap<z.ZodType, Serialize>();
/** One JSON Schema per zod schema, read by the serializer and by `compression.ts`. */
const answerJsonSchemas = new WeakMap<z.ZodType, Record<string, unknown>>();

/**
 * Response serializer: each route's zod response schema (the one OpenAPI publishes) is turned
 * into JSON Schema once at start-up and compiled with fast-json-stringify, which writes only the
 * declared properties (nothing internal leaks) several times faster than validating the response
 * with zod on every request. Responses are built by our own typed code, so TypeScript already
 * checks their shape; see docs/decisions/0005-response-serialization.md. A schema is compiled
 * once however many routes answer with it.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  let serialize = serializers.get(schema);
  if (!serialize) {
    serialize = fastJsonStringify(
      toAnswerJsonSchema(schema) as unknown as Parameters<typeof fastJsonStringify>[0],
    ) as Serialize;
    serializers.set(schema, serialize);
  }
  return serialize;
};

/**
 * A zod answer schema as the draft-7 JSON Schema the serializer compiles: the output side,
 * shared parts inlined, unrepresentable parts (dates as objects, transforms) as `{}`. Made once
 * per schema; callers only read it.
 */
export function toAnswerJsonSchema(schema: z.ZodType): Readonly<Record<string, unknown>> {
  let jsonSchema = answerJsonSchemas.get(schema);
  if (!jsonSchema) {
    jsonSchema = z.toJSONSchema(schema, {
      target: 'draft-7',
      io: 'output',
      unrepresentable: 'any',
      reused: 'inline',
    });
    answerJsonSchemas.set(schema, jsonSchema);
  }
  return jsonSchema;
}
