import type { FastifyInstance, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { toAnswerJsonSchema } from './serializer.js';

/**
 * Answers shorter than this many bytes are sent as they are: compressing them saves less than
 * the compressed stream's own overhead costs (the `threshold` given to @fastify/compress).
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** A JSON number's longest text, `-1.2345678901234567e-308`. */
const MAX_NUMBER_BYTES = 24;
/**
 * Bytes one UTF-16 unit of a string can take in JSON: three in UTF-8 (a surrogate pair, two
 * units, is four bytes). Control characters, which JSON writes as six-byte escapes, are not
 * counted: the answers this bound is used for hold none, and a miss costs one answer sent
 * uncompressed, nothing more.
 */
const MAX_BYTES_PER_UNIT = 3;
/** The longest text of the string formats zod writes with a pattern but no length limit. */
const FORMAT_MAX_LENGTH: Readonly<Record<string, number>> = {
  uuid: 36,
  date: 10,
  time: 18,
  'date-time': 35,
};

/** The draft-7 JSON Schema subset zod writes for our answer schemas. */
interface JsonSchema {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  maxLength?: number;
  format?: string;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema | JsonSchema[];
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

/**
 * The most bytes a JSON text matching `schema` can take, or `Infinity` when nothing bounds it:
 * a list without `maxItems`, a string without `maxLength` (or a known format), a record or an
 * unrepresentable (`{}`) value. Optional properties are counted as present. Input: a draft-7
 * JSON Schema as `toAnswerJsonSchema` writes it; output: bytes.
 */
export function maxJsonBytes(schema: JsonSchema): number {
  if (schema.const !== undefined) return Buffer.byteLength(JSON.stringify(schema.const));
  if (schema.enum) {
    return Math.max(...schema.enum.map((value) => Buffer.byteLength(JSON.stringify(value))));
  }
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return Math.max(...alternatives.map(maxJsonBytes));
  if (schema.allOf) return Math.min(...schema.allOf.map(maxJsonBytes));
  const types = [schema.type ?? []].flat();
  if (types.length !== 1) {
    return types.length === 0
      ? Infinity
      : Math.max(...types.map((type) => maxJsonBytes({ ...schema, type })));
  }
  switch (types[0]) {
    case 'null':
      return 4;
    case 'boolean':
      return 5;
    case 'number':
    case 'integer':
      return MAX_NUMBER_BYTES;
    case 'string': {
      const units = schema.maxLength ?? FORMAT_MAX_LENGTH[schema.format ?? ''] ?? Infinity;
      return 2 + units * MAX_BYTES_PER_UNIT;
    }
    case 'array': {
      if (schema.maxItems === undefined || schema.items === undefined) return Infinity;
      const items = [schema.items].flat();
      const longest = Math.max(...items.map(maxJsonBytes));
      return 2 + schema.maxItems * longest + Math.max(0, schema.maxItems - 1);
    }
    case 'object': {
      if (schema.additionalProperties !== false && schema.additionalProperties !== undefined) {
        return Infinity;
      }
      const properties = Object.entries(schema.properties ?? {});
      // {"key":value,"key":value}, each key as JSON writes it
      let bytes = 2 + Math.max(0, properties.length - 1);
      for (const [key, value] of properties) {
        bytes += Buffer.byteLength(JSON.stringify(key)) + 1 + maxJsonBytes(value);
      }
      return bytes;
    }
    default:
      return Infinity;
  }
}

/**
 * Whether every answer `route` declares is shorter than `thresholdBytes` whatever its content,
 * and the route reads no input whose validation error could list fields. Routes without answer
 * schemas (pages, files) never qualify.
 */
export function answersAlwaysUnder(route: RouteOptions, thresholdBytes: number): boolean {
  const schema = route.schema;
  if (!schema?.response) return false;
  if (schema.body || schema.querystring || schema.params || schema.headers) return false;
  const answers = Object.values(schema.response as Record<string, z.ZodType>);
  return (
    answers.length > 0 &&
    answers.every(
      (answer) => maxJsonBytes(toAnswerJsonSchema(answer) as JsonSchema) < thresholdBytes,
    )
  );
}

/**
 * Routes whose answers can never reach the compression threshold run without
 * @fastify/compress's two hooks (an onRequest and an onSend on every request otherwise) and
 * send exactly what they sent before: the hook would have passed every such answer through
 * untouched. About 4,000 CPU instructions a request (docs/performance.md).
 * Register before @fastify/compress, whose onRoute hook reads `route.compress`; a route that
 * sets `compress` itself keeps its choice.
 */
export function skipCompressionForShortAnswers(
  app: FastifyInstance,
  thresholdBytes = COMPRESSION_THRESHOLD_BYTES,
): void {
  app.addHook('onRoute', (route) => {
    if (route.compress === undefined && answersAlwaysUnder(route, thresholdBytes)) {
      route.compress = false;
    }
  });
}
