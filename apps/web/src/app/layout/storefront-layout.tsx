import { Suspense } from 'react';
import { Outlet, ScrollRestoration, type Location } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import classes from './storefront-layout.module.css';

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
      <SiteFooter />
      <ScrollRestoration getKey={scrollKey} />
    </>
  );
}
