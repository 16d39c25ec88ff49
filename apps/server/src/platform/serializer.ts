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
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  const jsonSchema = z.toJSONSchema(schema, {
    target: 'draft-7',
    io: 'output',
    unrepresentable: 'any',
    reused: 'inline',
  });
  return fastJsonStringify(jsonSchema as Parameters<typeof fastJsonStringify>[0]);
};
