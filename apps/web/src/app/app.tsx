import { useEffect } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './providers';
import { routes } from './router';

let browserRouter: ReturnType<typeof createBrowserRouter> | undefined;

let areasAdded = false;

/**
 * The one browser router, made on the app's first render instead of while the entry chunk is
 * evaluated. It starts with the storefront's routes only; the staff areas' routes (their own
 * chunk, area-routes.tsx) are loaded and added on the first navigation React Router asks about
 * (a path matched only by the not-found splat or by a route with a parameter, where a staff
 * route might rank higher), before that navigation is matched: a staff page opened directly
 * works as before (docs/performance.md). When the chunk fails to load, that
 * navigation shows the route error page and the next one tries again.
 */
function appRouter(): ReturnType<typeof createBrowserRouter> {
  browserRouter ??= createBrowserRouter(routes, {
    async patchRoutesOnNavigation({ patch }) {
      if (areasAdded) return;
      const { areaRoutes } = await import('./area-routes');
      if (areasAdded) return;
      areasAdded = true;
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
