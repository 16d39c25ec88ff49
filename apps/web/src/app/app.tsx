import { useEffect } from 'react';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type * as AccountRoutes from './account-routes';
import { setRoutePrefetch } from './layout/route-prefetch';
import { AppProviders } from './providers';
import { routes, STOREFRONT_ROUTE_ID } from './router';

let browserRouter: ReturnType<typeof createBrowserRouter> | undefined;

let accountRoutesAdded = false;
let areaRoutesAdded = false;

type AccountRoutesModule = typeof AccountRoutes;
let accountRoutesLoaded: AccountRoutesModule | undefined;
const loadAccountRoutes = async (): Promise<AccountRoutesModule> =>
  (accountRoutesLoaded ??= await import('./account-routes'));

// The header asks for the account routes when a visitor heads for one of its links.
setRoutePrefetch(() => void loadAccountRoutes().catch(() => undefined));

/** True when a route without parameters matches `path` (no other route could rank higher). */
function matchedExactly(path: string): boolean {
  const leaf = matchRoutes(appRouter().routes, path)?.at(-1);
  return leaf !== undefined && Object.keys(leaf.params).length === 0;
}

/**
 * The one browser router, made on the app's first render instead of while the entry chunk is
 * evaluated. It starts with the storefront's first routes only (router.tsx). The sign-in and
 * customer pages' routes (account-routes.tsx, under the storefront's layout) and the staff
 * areas' routes (area-routes.tsx) are chunks of their own, added on a navigation React Router
 * asks about (a path matched only by the not-found splat or by a route with a parameter, where
 * another route might rank higher), before that navigation is matched: first the account
 * routes, then, unless one of them now matches the path exactly, the staff areas'. A page
 * opened directly works as before (docs/performance.md). The account routes' chunk is also
 * fetched when a visitor heads for a header link (layout/route-prefetch.ts), so a first click on
 * Login does not wait for it. When a chunk fails to load, that navigation shows the route error
 * page and the next one tries again.
 */
function appRouter(): ReturnType<typeof createBrowserRouter> {
  browserRouter ??= createBrowserRouter(routes, {
    async patchRoutesOnNavigation({ path, patch }) {
      // Before the account routes' chunk is in (a page opened directly), both chunks are asked
      // for at once: a staff page then waits for one download, not two in a row.
      const areaChunk =
        accountRoutesLoaded || areaRoutesAdded ? undefined : import('./area-routes');
      areaChunk?.catch(() => undefined);
      if (!accountRoutesAdded) {
        const { accountRoutes } = await loadAccountRoutes();
        if (!accountRoutesAdded) {
          accountRoutesAdded = true;
          patch(STOREFRONT_ROUTE_ID, accountRoutes());
        }
      }
      if (areaRoutesAdded || matchedExactly(path)) return;
      const { areaRoutes } = await (areaChunk ?? import('./area-routes'));
      if (areaRoutesAdded) return;
      areaRoutesAdded = true;
      patch(null, areaRoutes());
    },
  });
  return browserRouter;
}

/** The web app in the browser: providers and the router over the window's location. */
export function App() {
  // `<html data-app-started>` once the first render (or the hydration of a page the server
  // rendered) is committed: from then on the header, the menus and every part not waiting for a
  // lazy chunk answer clicks. Browser tests wait for it.
  useEffect(() => {
    document.documentElement.dataset.appStarted = 'true';
  }, []);
  return (
    <AppProviders>
      <RouterProvider router={appRouter()} />
    </AppProviders>
  );
}
