import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { declareLateReplyFields } from '../../src/platform/reply-shape.js';

/** The reply's own properties, symbols included, in the order V8 added them. */
const fieldsOf = (reply: FastifyReply) => Reflect.ownKeys(reply).map(String);

/**
 * A server with three routes that answer with their reply's own fields at the end of the
 * request: a plain 200, a 201 set with `reply.code`, and an error handled by the error handler.
 * Its replies carry a decorator, as the app's do (@fastify/compress adds `compress`): Fastify builds
 * decorated replies with its reply builder, undecorated ones with a constructor of its own.
 */
function serverWithRoutes(declare: boolean): FastifyInstance {
  const app = Fastify({ logger: false });
  app.decorateReply('routeMarker', null);
  if (declare) declareLateReplyFields(app);
  app.setErrorHandler((_error, _request, reply) => reply.code(400).send(fieldsOf(reply)));
  app.get('/plain', (_request, reply) => reply.send(fieldsOf(reply)));
  app.get('/created', (_request, reply) => {
    reply.code(201);
    return reply.send(fieldsOf(reply));
  });
  app.get('/failing', () => {
    throw new Error('refused');
  });
  return app;
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** Each route's answer: the field names its reply held. */
async function fieldsByRoute(server: FastifyInstance): Promise<string[][]> {
  const answers = [];
  for (const url of ['/plain', '/created', '/failing']) {
    const answer = await server.inject({ method: 'GET', url });
    answers.push(answer.json<string[]>());
  }
  return answers;
}

describe('declareLateReplyFields', () => {
  it('builds every reply with the same fields, whatever status or error its route sets', async () => {
    app = serverWithRoutes(true);
    const [plain, created, failing] = await fieldsByRoute(app);
    expect(plain!.length).toBeGreaterThan(0);
    expect(created).toEqual(plain);
    expect(failing).toEqual(plain);
  });

  it('fixes a real difference: without it, replies gain fields as routes run', async () => {
    app = serverWithRoutes(false);
    const [plain, created, failing] = await fieldsByRoute(app);
    expect(created!.length).toBeGreaterThan(plain!.length);
    expect(failing!.length).toBeGreaterThan(plain!.length);
  });

  it('keeps the answers Fastify gives', async () => {
    app = serverWithRoutes(true);
    const created = await app.inject({ method: 'GET', url: '/created' });
    expect(created.statusCode).toBe(201);
    const failing = await app.inject({ method: 'GET', url: '/failing' });
    expect(failing.statusCode).toBe(400);
  });
});
