import type { FastifyInstance } from 'fastify';

/**
 * Who may call a route, declared on the route itself (STYLE.md rule 2):
 * `app.get(url, { config: { access: 'public' } }, handler)`. Role-based access arrives with the
 * accounts module; until then every route is public, and a route under `/api/` that declares
 * nothing stops start-up, so no route can be added without deciding who may call it.
 */
export type RouteAccess = 'public';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

/** Refuses to register an `/api/` route that does not declare its access. */
export function requireDeclaredAccess(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    // The docs pages are registered by @fastify/swagger-ui and are public by nature.
    if (
      !route.url.startsWith('/api/') ||
      route.url.startsWith('/api/docs') ||
      route.method === 'HEAD'
    )
      return;
    const config = route.config as { access?: RouteAccess } | undefined;
    if (!config?.access) {
      throw new Error(`Route ${String(route.method)} ${route.url} must declare config.access`);
    }
  });
}
