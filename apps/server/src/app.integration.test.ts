import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from './db/schema/index.js';
import { createTestApp, type TestContext } from './test-support/test-app.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});

afterAll(async () => {
  await ctx?.close();
});

describe('platform routes', () => {
  it('reports the database as reachable on GET /api/health', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ok',
      database: { kind: process.env.DATABASE_URL ? 'postgres' : 'pglite', reachable: true },
    });
  });

  it('publishes an OpenAPI 3 document listing the catalog routes and their schemas', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{
      openapi: string;
      paths: Record<string, unknown>;
      components: { schemas: Record<string, unknown> };
    }>();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/products',
        '/api/products/{productId}',
        '/api/products/best-selling',
        '/api/health',
        '/api/contact-messages',
      ]),
    );
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(['ProductPage', 'ErrorBody']),
    );
  });

  it('serves the API docs page', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });

  it('answers unknown API routes with the error format', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/nothing-here?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'No route for GET /api/nothing-here' },
    });
  });

  it('gives every response a request id, keeping a safe one the caller sent', async () => {
    const fresh = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const given = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-abc.123' },
    });
    expect(given.headers['x-request-id']).toBe('lb-abc.123');
    const unsafe = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'bad id <script>' },
    });
    expect(unsafe.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses malformed JSON with the error format', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact-messages',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
  });
});

describe('POST /api/contact-messages', () => {
  const valid = {
    name: 'Anjali Kumari',
    email: 'anjali@example.in',
    phone: '9123456780',
    subject: 'Size exchange',
    message: 'I want to exchange a kurti for a larger size.',
  };

  it('stores a valid message', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact-messages',
      payload: valid,
    });
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: number }>();
    const rows = await ctx.database.db.select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id, ...valid });
  });

  it.each([
    [{ phone: '912345678' }, 'phone', 'Mobile number should be of 10 digits'],
    [{ phone: '5123456789' }, 'phone', 'First digit must be between 6 to 9'],
    [{ name: 'Anjali 2' }, 'name', 'Name should only contain letters'],
    [{ subject: '' }, 'subject', 'Subject is required'],
    [{ email: 'not-an-email' }, 'email', 'Enter a valid email address'],
  ])(
    'refuses %o with the spec message on %s and stores nothing',
    async (change, field, message) => {
      const before = (await ctx.database.db.select().from(contactMessages)).length;
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/contact-messages',
        payload: { ...valid, ...change },
      });
      expect(response.statusCode).toBe(400);
      expect(
        response.json<{ error: { fields: Record<string, string> } }>().error.fields[field],
      ).toBe(message);
      expect((await ctx.database.db.select().from(contactMessages)).length).toBe(before);
    },
  );
});
