import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_CONTACT } from '@bazaar/shared';
import { createTestApp, type TestContext } from '../support/test-app.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});

afterAll(async () => {
  await ctx.close();
});

/** The hooks one route runs, by hook name, as Fastify prints them (`onSend: ["onSend()"]`). */
function routeHooks(method: string, url: string): string[] {
  const lines = ctx.app
    .printRoutes({ includeHooks: true, commonPrefix: false })
    .split('\n')
    .map((line) => line.replace(/^[\s│├└─]+/u, ''));
  const start = lines.findIndex((line) => line === `${url} (${method})`);
  expect(start).toBeGreaterThanOrEqual(0);
  const hooks: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (!line.startsWith('• (')) break;
    hooks.push(line);
  }
  return hooks;
}

describe('compression', () => {
  it('sends a short answer as it is, without running the compression hooks', async () => {
    const answer = await ctx.app.inject({
      method: 'GET',
      url: '/api/support/contact',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.json()).toEqual({
      phone: SUPPORT_CONTACT.phone.display,
      email: SUPPORT_CONTACT.email,
      address: SUPPORT_CONTACT.office.oneLine,
      hours: SUPPORT_CONTACT.hours,
    });
    for (const method of ['GET', 'HEAD']) {
      const hooks = routeHooks(method, '/api/support/contact');
      expect(hooks.some((hook) => hook.startsWith('• (onRequest)'))).toBe(true); // security headers
      expect(hooks.filter((hook) => hook.includes('onSend()'))).toEqual([]);
    }
  });

  it('still compresses a long answer whose schema sets no bound (the captcha image)', async () => {
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/captchas',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(answer.statusCode).toBe(201);
    expect(answer.headers['content-encoding']).toBe('gzip');
    const body = zlib.gunzipSync(answer.rawPayload).toString('utf8');
    expect(body.length).toBeGreaterThan(answer.rawPayload.length);
    expect(JSON.parse(body)).toMatchObject({ captchaId: expect.any(String) });
    expect(routeHooks('POST', '/api/captchas').some((hook) => hook.includes('onSend()'))).toBe(
      true,
    );
  });

  it('still compresses routes without an answer schema (the OpenAPI document)', async () => {
    const answer = await ctx.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'br' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    const document = JSON.parse(zlib.brotliDecompressSync(answer.rawPayload).toString('utf8'));
    expect(document.paths['/api/support/contact']).toBeDefined();
  });
});
