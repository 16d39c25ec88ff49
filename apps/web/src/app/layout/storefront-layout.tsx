import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import classes from './storefront-layout.module.css';

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
      {/* Keyed by path: filter changes in the query string keep the scroll position. */}
      <ScrollRestoration getKey={(location) => location.pathname.toLowerCase()} />
    </>
  );
}
