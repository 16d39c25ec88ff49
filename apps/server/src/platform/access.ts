import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import {
  ACCOUNT_MESSAGES,
  TWO_FACTOR_MESSAGES,
  permissionRefusal,
  type EmployeePermission,
  type Role,
} from '@bazaar/shared';
import { AppError } from './errors.js';
import { appendRouteHook } from './route-hooks.js';

/**
 * Who may call a route, declared on the route itself (docs/accounts.md "Authorisation"):
 * `app.get(url, { config: { access: ['admin', 'employee'] } }, handler)`.
 * - `'public'`: anyone, signed in or not;
 * - `'signed-in'`: any role with a session;
 * - a list of roles: only those.
 * `shopScoped: true` additionally requires the user's shop (seller or support admin): the
 * handler reads `requireShopId(request)` and filters every query by it, so another shop's record
 * is never found (404). `permission: 'takePayments'` additionally requires an employee's job title
 * to have that permission (docs/back-office-people.md "Roles and permissions"); every other role
 * the route lists, the admin above all, is never limited by it. A route under `/api/` that
 * declares nothing stops start-up.
 */
export type RouteAccess = 'public' | 'signed-in' | readonly Role[];

/** The signed-in user as routes see it. */
export interface AuthUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  mobile: string | null;
  shopId: number | null;
  sessionId: string;
  /** Two-step sign-in is on for this account (docs/accounts.md). */
  twoFactorEnabled?: boolean;
  /**
   * The admin requires two-step sign-in for staff and this staff account has not turned it on:
   * only routes declaring `allowDuringTwoFactorSetup` answer (docs/accounts.md).
   */
  twoFactorSetupRequired?: boolean;
}

/** One route's declaration, as the access-matrix test and the docs read it. */
export interface AccessRule {
  method: string;
  url: string;
  access: RouteAccess;
  shopScoped: boolean;
  /** The employee permission the route requires, or null. */
  permission: EmployeePermission | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    shopScoped?: boolean;
    /**
     * The route also answers a staff session that must first set up two-step sign-in (the
     * profile and the two-factor setup routes); every other signed-in route refuses it.
     */
    allowDuringTwoFactorSetup?: boolean;
    /** An employee caller's job title must have this permission (admins are never limited). */
    permission?: EmployeePermission;
  }
  interface FastifyRequest {
    /** Resolved session user; undefined until looked up, null when signed out. */
    authUser: AuthUser | null | undefined;
  }
  interface FastifyInstance {
    /** Every `/api/` route's access declaration, in registration order. */
    accessRules: AccessRule[];
    /** Looks up a request's session user (registered by registerAccessControl). */
    resolveSession: SessionResolver;
  }
}

/** The access part of a route's `config`. */
interface AccessConfig {
  access?: RouteAccess;
  shopScoped?: boolean;
  allowDuringTwoFactorSetup?: boolean;
  permission?: EmployeePermission;
}

/** An employee's job title and the permissions it has now (the admin may change them any time). */
export interface EmployeeGrants {
  jobTitle: string | null;
  permissions: ReadonlySet<EmployeePermission>;
}

/** Looks up what an employee may do; read on every request to a route that declares a permission. */
export type EmployeeGrantsResolver = (user: AuthUser) => Promise<EmployeeGrants>;

/** The roles that belong to a shop (docs/platform.md). */
const SHOP_ROLES: readonly Role[] = ['seller', 'support_admin'];

/** Looks up the session of a request (cookie) and answers its user, or null. */
export type SessionResolver = (request: FastifyRequest) => Promise<AuthUser | null>;

/**
 * The signed-in user of a request, or null; looked up once per request. Public routes that
 * behave differently for a signed-in user call this themselves.
 */
export async function currentUser(request: FastifyRequest): Promise<AuthUser | null> {
  if (request.authUser !== undefined) return request.authUser;
  request.authUser = await request.server.resolveSession(request);
  return request.authUser;
}

/**
 * The user of a route whose access is not public (the hook has already refused anyone else).
 * @throws AppError UNAUTHENTICATED when called on a request without a session.
 */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw new AppError('UNAUTHENTICATED', 'Please log in');
  return request.authUser;
}

/**
 * The shop of a shop-scoped route's user (seller or support admin).
 * @throws AppError FORBIDDEN 'You need to submit shop details to continue...' without a shop.
 */
export function requireShopId(request: FastifyRequest): number {
  const user = requireUser(request);
  if (user.shopId === null) throw new AppError('FORBIDDEN', ACCOUNT_MESSAGES.shopDetailsMissing);
  return user.shopId;
}

/**
 * Enforces every route's declared access before its body is read: 401 without a session, 403
 * for a role the route does not list, 403 TWO_FACTOR_SETUP_REQUIRED for a staff session that the
 * admin's policy sends to set up two-step sign-in first (unless the route declares
 * `allowDuringTwoFactorSetup`), 403 (shop details missing) for a shop-scoped route of a user
 * without a shop, 403 "Your role (Helper) may not take payments" for an employee whose job title
 * lacks the route's `permission`. Refuses to register an `/api/` route that declares nothing,
 * and a `permission` on a route employees cannot call.
 */
export function registerAccessControl(
  app: FastifyInstance,
  resolveSession: SessionResolver,
  options: { employeeGrants?: EmployeeGrantsResolver } = {},
): void {
  app.decorate('resolveSession', resolveSession);
  app.decorateRequest('authUser', undefined);
  app.decorate('accessRules', [] as AccessRule[]);

  /** The checks of a route that is not public, once its session user is known. */
  const checkUser = (
    user: AuthUser | null,
    access: Exclude<RouteAccess, 'public'>,
    config: AccessConfig,
  ): void => {
    if (!user) throw new AppError('UNAUTHENTICATED', 'Please log in');
    if (access !== 'signed-in' && !access.includes(user.role)) {
      throw new AppError('FORBIDDEN', 'You may not do this');
    }
    if (user.twoFactorSetupRequired && !config.allowDuringTwoFactorSetup) {
      throw new AppError('TWO_FACTOR_SETUP_REQUIRED', TWO_FACTOR_MESSAGES.setupRequired);
    }
    if (config.shopScoped && user.shopId === null) {
      throw new AppError('FORBIDDEN', ACCOUNT_MESSAGES.shopDetailsMissing);
    }
  };

  /**
   * @throws AppError FORBIDDEN "Your role (Helper) may not take payments" when the employee's job
   *   title lacks `permission`.
   */
  const checkPermission = async (user: AuthUser, permission: EmployeePermission): Promise<void> => {
    const grants = await options.employeeGrants!(user);
    if (!grants.permissions.has(permission)) {
      throw new AppError('FORBIDDEN', permissionRefusal(grants.jobTitle, permission));
    }
  };

  /**
   * The onRequest hook of one route that is not public, its declaration read once at start-up
   * (no `request.routeOptions`, which builds and freezes an object on every call). A callback
   * hook: the session lookup is the only asynchronous step.
   */
  const accessHook =
    (access: Exclude<RouteAccess, 'public'>, config: AccessConfig): onRequestHookHandler =>
    (request, _reply, done) => {
      currentUser(request).then(
        (user) => {
          try {
            checkUser(user, access, config);
          } catch (error) {
            done(error as Error);
            return;
          }
          if (!config.permission || user?.role !== 'employee') {
            done();
            return;
          }
          checkPermission(user, config.permission).then(
            () => done(),
            (error: unknown) => done(error as Error),
          );
        },
        (error: unknown) => done(error as Error),
      );
    };

  app.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as AccessConfig;
    const access = config.access;
    if (access !== undefined && access !== 'public') {
      // A public route (most of the traffic) runs no access hook at all.
      appendRouteHook(route, 'onRequest', accessHook(access, config));
    }
    // The docs pages are registered by @fastify/swagger-ui and are public by nature.
    if (
      !route.url.startsWith('/api/') ||
      route.url.startsWith('/api/docs') ||
      route.method === 'HEAD'
    )
      return;
    if (!access) {
      throw new Error(`Route ${String(route.method)} ${route.url} must declare config.access`);
    }
    if (
      config.shopScoped &&
      (!Array.isArray(access) || !access.every((role) => SHOP_ROLES.includes(role)))
    ) {
      // Only a seller or a support admin has a shop; anyone else would be told to submit shop
      // details.
      throw new Error(
        `Route ${String(route.method)} ${route.url} is shop-scoped, so it may list only seller and support_admin`,
      );
    }
    if (config.permission) {
      // A permission limits employees only: a route they cannot call, or an app that cannot
      // look up their job title, would silently ignore it.
      if (!Array.isArray(access) || !access.includes('employee')) {
        throw new Error(
          `Route ${String(route.method)} ${route.url} declares a permission but employees may not call it`,
        );
      }
      if (!options.employeeGrants) {
        throw new Error(
          `Route ${String(route.method)} ${route.url} declares a permission but no employeeGrants resolver is registered`,
        );
      }
    }
    for (const method of [route.method].flat()) {
      app.accessRules.push({
        method: String(method),
        url: route.url,
        access,
        shopScoped: config.shopScoped ?? false,
        permission: config.permission ?? null,
      });
    }
  });
}
