import { defineEndpoint } from './endpoint.js';
import {
  AccountLookupQuerySchema,
  AccountLookupSchema,
  AccountSessionListSchema,
  AccountSessionParamsSchema,
  SessionsEndedSchema,
  SessionsPasswordSchema,
  UserSessionsParamsSchema,
} from '../schemas/sessions.js';

/**
 * Sessions (docs/security.md "V7"): a signed-in user lists their browsers and ends one or all
 * others after typing the password again; an admin ends one account's sessions or everyone's.
 * Every endpoint may answer 401 (no session), 403 (another role) and 429 (account locked).
 */

const ERRORS = [400, 401, 403, 429] as const;

/**
 * The signed-in user's browsers, most recently active first:
 * `{ sessions: [{ id, createdAt, lastActiveAt, expiresAt, ipAddress, userAgent, current }] }`.
 */
export const listMySessions = defineEndpoint({
  method: 'GET',
  path: '/api/account/sessions',
  tag: 'accounts',
  summary: 'My signed-in browsers',
  responses: { 200: AccountSessionListSchema },
  errors: ERRORS,
});

/**
 * Ends one of my sessions, `{ password }`. 400 wrong password, 404 not mine or unknown, 429 while
 * the account is locked.
 */
export const endMySession = defineEndpoint({
  method: 'POST',
  path: '/api/account/sessions/:sessionId/end',
  tag: 'accounts',
  summary: 'End one of my sessions',
  params: AccountSessionParamsSchema,
  body: SessionsPasswordSchema,
  responses: { 200: SessionsEndedSchema },
  errors: [...ERRORS, 404],
});

/** Signs every other browser out, `{ password }`. 400 wrong password. */
export const endOtherSessions = defineEndpoint({
  method: 'POST',
  path: '/api/account/sessions/end-others',
  tag: 'accounts',
  summary: 'Sign out of every other browser',
  body: SessionsPasswordSchema,
  responses: { 200: SessionsEndedSchema },
  errors: ERRORS,
});

/**
 * Admin, `?email=`: `{ id, name, email, role, disabled, twoFactorEnabled, activeSessions }`;
 * 404 'Account not found'.
 */
export const lookupAccount = defineEndpoint({
  method: 'GET',
  path: '/api/admin/accounts',
  tag: 'accounts',
  summary: 'Find an account by its sign-in email',
  query: AccountLookupQuerySchema,
  responses: { 200: AccountLookupSchema },
  errors: [...ERRORS, 404],
});

/** Admin: ends every session of one account. 404 unknown account. */
export const endUserSessions = defineEndpoint({
  method: 'POST',
  path: '/api/admin/users/:userId/sessions/end',
  tag: 'accounts',
  summary: 'End every session of an account',
  params: UserSessionsParamsSchema,
  responses: { 200: SessionsEndedSchema },
  errors: [...ERRORS, 404],
});

/** Admin, `{ password }`: ends every session but the admin's own. 400 wrong password. */
export const endAllSessions = defineEndpoint({
  method: 'POST',
  path: '/api/admin/sessions/end-all',
  tag: 'accounts',
  summary: 'End every session of every account',
  body: SessionsPasswordSchema,
  responses: { 200: SessionsEndedSchema },
  errors: ERRORS,
});
