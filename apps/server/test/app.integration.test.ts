import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { contactMessages } from '../src/db/schema/index.js';
import { newCaptchaId } from './support/accounts.js';
import { createTestApp, TEST_CAPTCHA_CODE, type TestContext } from './support/test-app.js';

let ctx: TestContext;
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-web-'));

beforeAll(async () => {
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Bazaar</title>');
  ctx = await createTestApp({ webDistDir: webDist });
  await ctx.storage.put('products/1/0.webp', Buffer.from('RIFF0000WEBP'));
  fs.writeFileSync(path.join(ctx.storage.root, 'products', '.secret'), 'hidden');
});

afterAll(async () => {
  await ctx?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
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

  it('declares, with a description, every tag a route uses', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const document = response.json<{
      tags: { name: string; description?: string }[];
      paths: Record<string, Record<string, { tags?: string[] }>>;
    }>();
    const used = new Set(
      Object.values(document.paths).flatMap((operations) =>
        Object.values(operations).flatMap((operation) => operation.tags ?? []),
      ),
    );
    const declared = new Map(document.tags.map((tag) => [tag.name, tag.description ?? '']));
    const undeclared = [...used].filter((tag) => !declared.get(tag));
    expect(undeclared).toEqual([]);
    const unused = [...declared.keys()].filter((tag) => !used.has(tag));
    expect(unused).toEqual([]);
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
    const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const fresh = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(fresh.headers['x-request-id']).toMatch(UUID);
    const next = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(next.headers['x-request-id']).toMatch(UUID);
    expect(next.headers['x-request-id']).not.toBe(fresh.headers['x-request-id']);
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
    expect(unsafe.headers['x-request-id']).toMatch(UUID);
    const overLong = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'a'.repeat(65) },
    });
    expect(overLong.headers['x-request-id']).toMatch(UUID);
  });

  it.each([
    ['info', 1],
    ['warn', 0],
  ] as const)(
    "at %s level, writes %i 'request completed' line per request",
    async (level, linesPerRequest) => {
      const lines: { msg?: string; reqId?: string; res?: { statusCode?: number } }[] = [];
      const logger = pino(
        { level },
        { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) },
      );
      const app = await buildApp({
        database: ctx.database,
        storage: ctx.storage,
        privateStorage: ctx.privateStorage,
        loggerInstance: logger,
        accounts: { mailRetryIntervalMs: 0 },
      });
      try {
        for (const url of ['/api/support/contact', '/api/health']) {
          const response = await app.inject({
            method: 'GET',
            url,
            headers: { 'x-request-id': 'log-test-1' },
          });
          expect(response.statusCode).toBe(200);
        }
        const completed = lines.filter((line) => line.msg === 'request completed');
        expect(completed).toHaveLength(2 * linesPerRequest);
        for (const line of completed) {
          expect(line).toMatchObject({ reqId: 'log-test-1', res: { statusCode: 200 } });
        }
      } finally {
        await app.close();
      }
    },
  );

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

describe('web app and media', () => {
  it.each(['/', '/AboutUS', '/CustomerLogin?email=a@b.com', '/no-such-page'])(
    'serves the web app for the page %s (its router shows not-found pages)',
    async (url) => {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>Bazaar</title>');
    },
  );

  it('serves stored media and refuses dotfiles and traversal in the error format', async () => {
    const image = await ctx.app.inject({ method: 'GET', url: '/media/products/1/0.webp' });
    expect(image.statusCode).toBe(200);
    expect(image.body).toBe('RIFF0000WEBP');
    const dotfile = await ctx.app.inject({ method: 'GET', url: '/media/products/.secret' });
    expect(dotfile.statusCode).toBeGreaterThanOrEqual(403);
    expect(dotfile.json()).toHaveProperty('error.code');
    for (const url of [
      '/media/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      '/media/..%2f..%2f..%2fetc/passwd',
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.body, url).not.toMatch(/root:/);
    }
  });

  it('answers a malformed URL with the error format', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/products/%zz' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
  });

  it('refuses an unsupported content type with its own code', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact-messages',
      headers: { 'content-type': 'application/xml' },
      payload: '<message/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ error: { code: 'UNSUPPORTED_MEDIA_TYPE' } });
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
      payload: { ...valid, captchaId: await newCaptchaId(ctx.app), captchaCode: TEST_CAPTCHA_CODE },
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
    [{ email: `${'a'.repeat(250)}@example.in` }, 'email', 'Email is too long'],
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
