import { Suspense } from 'react';
import { Outlet, ScrollRestoration, type Location } from 'react-router';
import { lazyComponent } from '../../components/lazy-component';
import { PageLoader } from '../../components/page-loader';
import { preloadAccountDropdown, SiteHeader } from './site-header';
import classes from './storefront-layout.module.css';
// The footer's styles stay in the entry's stylesheet: the server's footer is styled at the first
// paint, before its chunk (below) has loaded.
import './site-footer.module.css';

/**
 * The footer is in every page the server renders (its links are there for search engines and for
 * a visitor without JavaScript), but nothing in it needs a script before it is used, so its code
 * is a chunk of its own rather than part of the storefront's first download (docs/performance.md).
 * In its own Suspense boundary, React leaves the server's footer on screen as it is while that
 * chunk loads and adopts it once the chunk has run; a page the browser renders shows the footer
 * when its chunk arrives.
 */
const SiteFooter = lazyComponent(async () => (await import('./site-footer')).SiteFooter);

/**
 * Loads the shell's lazy parts (the footer, the customer's account menu), so a render on the
 * server (entry-server.tsx) has them without suspending.
 * @returns settled when their chunks have run.
 */
export function preloadStorefrontShell(): Promise<unknown> {
  return Promise.all([SiteFooter.preload(), preloadAccountDropdown()]);
}

/**
 * The home page keeps one scroll position whatever its query string, so changing a filter or
 * coming back from a product does not jump; every other page starts at the top.
 */
function scrollKey(location: Location): string {
  return location.pathname === '/' ? '/' : location.key;
}

/** Header, the page, footer. Lazy pages suspend inside <main>, so the shell stays on screen. */
export function StorefrontLayout() {
  return (
    <>
      <a href="#main-content" className={classes.skipLink}>
        Skip to content
      </a>
      <SiteHeader />
      <main id="main-content" className={classes.main} tabIndex={-1}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <SiteFooter />
      </Suspense>
      <ScrollRestoration getKey={scrollKey} />
    </>
  );
}
