import { ROLE_AREAS, ROLES } from '@bazaar/shared';
import { describe, expect, it } from 'vitest';
import { homePathOf, LOGIN_PATHS } from './role-paths';

describe('role paths of the web app', () => {
  it.each(ROLES)('agree with the shared ROLE_AREAS for %s', (role) => {
    expect(LOGIN_PATHS[role]).toBe(ROLE_AREAS[role].loginPath);
    expect(homePathOf(role)).toBe(ROLE_AREAS[role].homePath);
  });
});
