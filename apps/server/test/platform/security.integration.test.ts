import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../src/seed/demo-accounts.js';
import { loginRequest, sessionCookieOf, signIn } from '../support/accounts.js';
import { insertShop } from '../support/fixtures.js';
import { createTestApp, type TestContext } from '../support/test-app.js';
import { CROSS_SITE_MESSAGE } from '../../src/platform/security.js';

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: unknown): Record<string, string> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, ...values] = part.split(/\s+/);
        return [name!, values.join(' ')];
      }),
  );
}

let context: TestContext;
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-security-web-'));

beforeAll(async () => {
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><body><div id="root"></div></body></html>',
  );
  context = await createTestApp({
    webDistDir: webDist,
    accounts: { publicUrl: 'https://shop.example' },
  });
  await insertShop(context.database.db);
  await seedDemoAccounts(context.database.db);
});

afterAll(() => {
  // The first app is closed by the production block's beforeAll.
  fs.rmSync(webDist, { recursive: true, force: true });
});

const inject = (options: InjectOptions) => context.app.inject(options);

describe('security headers (ASVS V3.4)', () => {
  it('sends the strict CSP, nosniff, Referrer-Policy and frame denial on pages; no HSTS outside production', async () => {
    for (const url of ['/', '/Checkout', '/ProductInfo?id=1', '/assets/missing.js']) {
      const response = await inject({ method: 'GET', url });
      const csp = directives(response.headers['content-security-policy']);
      expect(csp).toMatchObject({
        'default-src': "'self'",
        'object-src': "'none'",
        'base-uri': "'none'",
        'frame-ancestors': "'none'",
        'img-src': "'self' data: blob:",
        'style-src': "'self' 'unsafe-inline'",
        'script-src': "'self' https://checkout.razorpay.com",
        'script-src-attr': "'none'",
        'frame-src': 'https://api.razorpay.com https://checkout.razorpay.com',
        'connect-src': "'self' https://api.razorpay.com https://lumberjack.razorpay.com",
        'form-action': "'self'",
      });
      expect(csp['script-src']).not.toMatch(/unsafe/);
      expect(csp).not.toHaveProperty('upgrade-insecure-requests');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    }
  });

  it("sends API answers (and API errors) the API policy: default-src 'none', never framed, nosniff, same-origin only", async () => {
    for (const url of [
      '/api/health',
      '/api/support/contact',
      '/api/nothing-here',
      '/api/products/0',
    ]) {
      const response = await inject({ method: 'GET', url });
      expect(directives(response.headers['content-security-policy'])).toEqual({
        'default-src': "'none'",
        'frame-ancestors': "'none'",
      });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(response.headers['strict-transport-security']).toBeUndefined();
      // Page-only headers stay off JSON answers (0.9 KB less on each).
      expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
      expect(response.headers['x-xss-protection']).toBeUndefined();
      // frame-ancestors 'none' (above) is the framing rule; X-Frame-Options stays on pages only.
      expect(response.headers['x-frame-options']).toBeUndefined();
    }
    // The API's documentation is a page (Swagger UI's scripts and styles), so it gets the page policy.
    const docs = await inject({ method: 'GET', url: '/api/docs/' });
    expect(directives(docs.headers['content-security-policy'])).toMatchObject({
      'default-src': "'self'",
      'object-src': "'none'",
    });
  });

  it('answers another origin without any CORS permission (no Access-Control-Allow-Origin)', async () => {
    for (const method of ['GET', 'OPTIONS'] as const) {
      const response = await inject({
        method,
        url: '/api/health',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      });
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });
});

describe('cross-site request refusal (CSRF; ASVS V3.5)', () => {
  const captcha = (headers: Record<string, string>) =>
    inject({ method: 'POST', url: '/api/captchas', headers });

  it('allows same-origin writes: the public URL, the request host, Sec-Fetch-Site same-origin, and no Origin at all', async () => {
    expect((await captcha({ origin: 'https://shop.example' })).statusCode).toBe(201);
    expect(
      (await captcha({ origin: 'http://localhost:80', host: 'localhost:80' })).statusCode,
    ).toBe(201);
    // Behind a TLS proxy the scheme differs; the host is still ours.
    expect(
      (await captcha({ origin: 'https://bazaar.internal:8443', host: 'bazaar.internal:8443' }))
        .statusCode,
    ).toBe(201);
    expect(
      (await captcha({ 'sec-fetch-site': 'same-origin', origin: 'https://shop.example' }))
        .statusCode,
    ).toBe(201);
    expect((await captcha({})).statusCode).toBe(201);
  });

  it('refuses cross-site writes with 403 in the error format, by Origin or by Sec-Fetch-Site', async () => {
    const crossSite: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'https://shop.example.evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'cross-site', origin: 'https://shop.example' },
    ];
    for (const headers of crossSite) {
      const response = await captcha(headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toEqual({
        error: { code: 'FORBIDDEN', message: CROSS_SITE_MESSAGE },
      });
    }
  });

  it('refuses a signed-in cross-site write before it runs: logout from another site leaves the session alive', async () => {
    const cookie = await signIn(context.app, 'customer', 'customer@bazaar.test', DEMO_PASSWORD);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const response = await inject({
        method,
        url: '/api/auth/logout',
        headers: { cookie, origin: 'https://evil.example' },
      });
      expect(response.statusCode).toBe(403);
    }
    const session = await inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(session.json().user.email).toBe('customer@bazaar.test');
  });

  it('leaves reads and the Razorpay webhook alone', async () => {
    const read = await inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(read.statusCode).toBe(200);
    const webhook = await inject({
      method: 'POST',
      url: '/api/webhooks/razorpay',
      headers: { origin: 'https://api.razorpay.com', 'sec-fetch-site': 'cross-site' },
      payload: { event: 'payment.captured' },
    });
    expect(webhook.statusCode).not.toBe(403);
    expect(webhook.json().error?.message ?? '').not.toBe(CROSS_SITE_MESSAGE);
  });
});

describe('session ids (ASVS V7.2.4)', () => {
  it('issues a new session id at every login and never adopts one the browser brings (fixation)', async () => {
    const first = await signIn(context.app, 'customer', 'customer@bazaar.test', DEMO_PASSWORD);
    const planted = 'bazaar.session_token=attacker-chosen-value';
    for (const brought of [first, planted]) {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { cookie: brought },
        payload: (await loginRequestBody()) as Record<string, string>,
      });
      expect(response.statusCode).toBe(200);
      const fresh = sessionCookieOf(response.headers['set-cookie']);
      expect(fresh).toBeDefined();
      expect(fresh).not.toBe(brought);
      expect(fresh!.split('=')[1]!.split('.')[0]).not.toBe(first.split('=')[1]!.split('.')[0]);
    }
  });
});

// Last: on PostgreSQL a second test app wipes the shared test database, so nothing after this
// uses the first one.
describe('production (NODE_ENV=production: HSTS, __Host- cookies; ASVS V3.3, V3.4.1)', () => {
  let production: TestContext;
  beforeAll(async () => {
    await context.close();
    production = await createTestApp({
      accounts: { secureCookies: true, publicUrl: 'https://shop.example' },
    });
    await insertShop(production.database.db);
    await seedDemoAccounts(production.database.db);
  });
  afterAll(async () => {
    await production.close();
  });

  it('adds HSTS to pages and API answers, and upgrade-insecure-requests to the page policy', async () => {
    const api = await production.app.inject({ method: 'GET', url: '/api/health' });
    const page = await production.app.inject({ method: 'GET', url: '/Checkout' });
    for (const response of [api, page]) {
      expect(response.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
    }
    expect(directives(page.headers['content-security-policy'])).toHaveProperty(
      'upgrade-insecure-requests',
    );
  });

  it('names the production cookie __Host-bazaar.session_token with Secure, HttpOnly, SameSite=Lax, Path=/ and no Domain, and reads it back', async () => {
    const response = await loginRequest(production.app, {
      area: 'customer',
      identifier: 'customer@bazaar.test',
      password: DEMO_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    const lines = [response.headers['set-cookie'] ?? []].flat();
    const line = lines.find((entry) => entry.startsWith('__Host-bazaar.session_token='));
    expect(line, lines.join('\n')).toBeDefined();
    expect(line).toMatch(/; Secure/);
    expect(line).toMatch(/; HttpOnly/);
    expect(line).toMatch(/; SameSite=Lax/);
    expect(line).toMatch(/; Path=\/(;|$)/);
    expect(line).not.toMatch(/Domain=/i);
    for (const other of lines) expect(other).toMatch(/^__Host-bazaar\./);
    const cookie = line!.split(';')[0]!;
    // The token travels only in Set-Cookie, never in the body scripts can read.
    const token = cookie.split('=')[1]!.split('.')[0]!;
    expect(token.length).toBeGreaterThanOrEqual(32);
    expect(response.body).not.toContain(token);
    const session = await production.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie },
    });
    expect(session.json().user.email).toBe('customer@bazaar.test');
    // The development name is not read in production.
    const plain = cookie.replace('__Host-', '');
    const ignored = await production.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: plain },
    });
    expect(ignored.json().user).toBeNull();
  });
});

async function loginRequestBody() {
  const captcha = await context.app.inject({ method: 'POST', url: '/api/captchas' });
  return {
    area: 'customer',
    identifier: 'customer@bazaar.test',
    password: DEMO_PASSWORD,
    captchaId: captcha.json().captchaId,
    captchaCode: 'ABCDEFG',
  };
}
