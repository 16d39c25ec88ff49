import { useEffect } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './providers';
import { routes } from './router';

let browserRouter: ReturnType<typeof createBrowserRouter> | undefined;

/**
 * The one browser router, made on the app's first render instead of while the entry chunk is
 * evaluated: ranking every route is ~25 ms on a slow phone, and outside that task it no longer
 * lengthens the page's longest task (issue 5 item 9, Total Blocking Time).
 */
function appRouter(): ReturnType<typeof createBrowserRouter> {
  browserRouter ??= createBrowserRouter(routes);
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
