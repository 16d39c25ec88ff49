import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { renderWithFirstPageAnswers } from './api/first-page-data';
import { AppProviders } from './app/providers';
import { preloadStorefrontShell } from './app/layout/storefront-layout';
import { preloadFirstPageChunks, routes } from './app/router';

/*
 * The storefront's first pages rendered on the server (docs/performance.md;
 * docs/decisions/0014-storefront-first-pages-rendered-on-the-server.md). Built by Vite as an
 * SSR bundle (apps/web/dist-server/entry-server.js) and loaded by the API server
 * (apps/server/src/platform/web-pages.ts), which puts the markup into `#root`; the browser then
 * hydrates it (main.tsx).
 */

const handler = createStaticHandler(routes);

/**
 * The HTML of one page, as the web app's first render in the browser will build it.
 * @param url the page's absolute URL (path and query string matter).
 * @param answers the first-page answers (API path -> answer body) that the page also carries as
 *   JSON, from which its queries take their initial data.
 * @returns the markup for `#root` and the page's title (for `<title>`), or undefined when the
 *   route redirects or fails (the browser then renders the page itself).
 */
export async function renderPage(
  url: string,
  answers: Record<string, unknown>,
): Promise<{ markup: string; title: string | undefined } | undefined> {
  const context = await handler.query(new Request(url));
  if (context instanceof Response || context.statusCode !== 200 || context.errors) return undefined;
  // Lazy chunks the page shows at once must have run, so nothing suspends in the render: the
  // page's own and the shell's (footer, account menu).
  await Promise.all([preloadFirstPageChunks(new URL(url).pathname), preloadStorefrontShell()]);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { value: markup, title } = renderWithFirstPageAnswers(answers, () =>
    renderToString(
      <StrictMode>
        <AppProviders>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </StrictMode>,
    ),
  );
  return { markup, title };
}
