import type { FastifyInstance } from 'fastify';
import type { Role } from '@bazaar/shared';
import { TEST_CAPTCHA_CODE } from './test-app.js';

/** A fresh captcha id (its answer is TEST_CAPTCHA_CODE in tests). */
export async function newCaptchaId(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/captchas' });
  if (response.statusCode !== 201) throw new Error(`captcha: ${response.statusCode}`);
  return response.json<{ captchaId: string }>().captchaId;
}

/** The `name=value` of the session cookie in a response, or undefined. */
export function sessionCookieOf(setCookie: string | string[] | undefined): string | undefined {
  const lines = [setCookie ?? []].flat();
  const line = lines.find(
    (entry) =>
      entry.startsWith('bazaar.session_token=') && !entry.startsWith('bazaar.session_token=;'),
  );
  return line?.split(';')[0];
}

/** Signs in through `POST /api/auth/login`; returns the raw response. */
export async function loginRequest(
  app: FastifyInstance,
  input: { area: Role; identifier: string; password: string; captchaCode?: string },
) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: {
      area: input.area,
      identifier: input.identifier,
      password: input.password,
      captchaId: await newCaptchaId(app),
      captchaCode: input.captchaCode ?? TEST_CAPTCHA_CODE,
    },
  });
}

/**
 * Signs in and returns the session cookie (`name=value`) to send as the `cookie` header.
 * @throws Error when the sign-in does not answer 200.
 */
export async function signIn(
  app: FastifyInstance,
  area: Role,
  identifier: string,
  password: string,
): Promise<string> {
  const response = await loginRequest(app, { area, identifier, password });
  const cookie = sessionCookieOf(response.headers['set-cookie']);
  if (response.statusCode !== 200 || !cookie) {
    throw new Error(`sign-in of ${identifier} failed: ${response.statusCode} ${response.body}`);
  }
  return cookie;
}
