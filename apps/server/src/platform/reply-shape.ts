import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';

/**
 * Fastify 5's reply fields its reply constructor leaves out: the reply gains each one later as
 * a new property, when a route sets a status (`reply.code(201)`, every 4xx) or an error is
 * handled. Each addition moves the reply object to another V8 hidden class, so a server that
 * has answered 201s and errors hands Fastify's reply code (send, headers, hooks) four or more
 * classes, past what V8's inline caches keep: their property reads turn megamorphic on every
 * request, the trivial route's included (issue 5 item 10; bench/instructions.ts counted the
 * trivial route at 115,700 CPU instructions after other routes against 111,900 with this).
 * Values: what reading the missing property gave, or Fastify's constructor's own default.
 */
const LATE_REPLY_FIELDS: ReadonlyArray<readonly [name: string, value: unknown]> = [
  ['kReplyHasStatusCode', false],
  ['kReplyIsRunningOnErrorHook', false],
  ['kReplyNextErrorHandler', undefined],
];

/**
 * Declares Fastify's late reply fields as reply decorators, so every reply is built with them
 * and keeps one hidden class whatever its route does. The symbols come from Fastify's own
 * `lib/symbols.js`; when a Fastify version no longer has one of them, that field is skipped
 * (the app then only loses the speed). Call on the root instance before any route.
 */
export function declareLateReplyFields(app: FastifyInstance): void {
  const symbols = fastifySymbols();
  for (const [name, value] of LATE_REPLY_FIELDS) {
    const key = symbols[name];
    if (typeof key === 'symbol') app.decorateReply(key, value);
  }
}

/** Fastify's internal symbols by name, or none when the module cannot be loaded. */
function fastifySymbols(): Record<string, unknown> {
  try {
    const require = createRequire(import.meta.url);
    return require('fastify/lib/symbols.js') as Record<string, unknown>;
  } catch {
    return {};
  }
}
