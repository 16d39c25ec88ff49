import { ROLE_AREAS } from '@bazaar/shared';
import type { RouteObject } from 'react-router';
import { AREAS, areaLinks, type AreaDefinition, type AreaLink } from '../config/areas';
import { areaPagesOf } from './area-pages';
import { RequireRole } from './guards/require-role';
import { RouteErrorPage } from './layout/route-error-page';
import { lazyPage, ProfilePage } from './router';

const AreaLayout = lazyPage(() => import('./layout/area-layout'), 'AreaLayout');
const AreaHomePage = lazyPage(() => import('../areas/account/home/area-home-page'), 'AreaHomePage');
const AreaPagePending = lazyPage(
  () => import('../areas/account/home/area-page-pending'),
  'AreaPagePending',
);

/** The page a staff menu link opens: the built page of `area-pages/` when there is one. */
function areaPage(area: AreaDefinition, entry: AreaLink) {
  const built = areaPagesOf(area.role).find(
    (page) => page.path.toLowerCase() === entry.path.toLowerCase(),
  );
  if (built) return <built.Page />;
  if (entry.page === 'home') return <AreaHomePage role={area.role} />;
  if (entry.page === 'profile') return <ProfilePage />;
  return (
    <AreaPagePending
      title={entry.title ?? entry.label}
      work={area.pendingWork}
      homePath={ROLE_AREAS[area.role].homePath}
    />
  );
}

/**
 * A staff area (back-office.md section 2): its guard, its shell (a lazy chunk: the storefront
 * never downloads it) and a route for each menu link.
 */
function areaRoute(area: AreaDefinition): RouteObject {
  return {
    element: <RequireRole role={area.role} standalone />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <AreaLayout key={area.role} role={area.role} />,
        children: [
          ...areaLinks(area).map((entry) => ({
            path: entry.path,
            element: areaPage(area, entry),
          })),
          // Built pages outside the menu (detail screens, forms opened from a list).
          ...areaPagesOf(area.role)
            .filter(
              (page) =>
                !areaLinks(area).some(
                  (entry) => entry.path.toLowerCase() === page.path.toLowerCase(),
                ),
            )
            .map((page) => ({ path: page.path, element: <page.Page /> })),
        ],
      },
    ],
  };
}

/**
 * The staff areas' routes (back-office.md section 2), one per area. This module is a chunk of
 * its own, loaded and added to the browser router (app.tsx) only when a navigation first asks
 * for a path the storefront's routes do not match exactly (React Router's
 * `patchRoutesOnNavigation`): ranking every staff route was most of creating the router, ~30 ms
 * of one long task on a fast desktop before the storefront could hydrate, and their definitions
 * no longer weigh on the storefront's first download (issue 5 item 9).
 */
export function areaRoutes(): RouteObject[] {
  return Object.values(AREAS).map(areaRoute);
}
