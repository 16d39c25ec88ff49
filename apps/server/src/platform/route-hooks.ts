import type { RouteOptions } from 'fastify';

/** The route-level hooks our onRoute listeners add (access control, the NUL-character guard). */
type RouteHookName = 'onRequest' | 'preValidation';

/**
 * Adds `hook` to one route's own `name` hooks, after those it declares, from an `onRoute`
 * listener: only that route runs it, so a route that needs no such check runs no hook at all
 * (docs/performance.md). Always a fresh array: Fastify's HEAD twin of a GET
 * route starts from a shallow copy of the same options, so pushing onto the GET's array would
 * add the hook to the HEAD route twice.
 */
export function appendRouteHook<Name extends RouteHookName>(
  route: RouteOptions,
  name: Name,
  hook: Exclude<NonNullable<RouteOptions[Name]>, readonly unknown[]>,
): void {
  const declared = route[name] ?? [];
  route[name] = [...[declared].flat(), hook] as RouteOptions[Name];
}
