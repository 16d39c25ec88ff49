import type { RouteObject } from 'react-router';
import { AREAS, areaPages, type AreaDefinition } from '../config/areas';
import { AREA_PAGE_COMPONENTS } from './area-pages';
import { RequirePermission } from './guards/require-permission';
import { RequireRole } from './guards/require-role';
import { RouteErrorPage } from './layout/route-error-page';
import { lazyPage } from './router';

const AreaLayout = lazyPage(() => import('./layout/area-layout'), 'AreaLayout');

/**
 * A staff area (docs/accounts.md "Roles and areas"): its guard, its shell (a lazy chunk: the
 * storefront never downloads it) and a route for each page of its table (config/areas.ts).
 */
function areaRoute(area: AreaDefinition): RouteObject {
  return {
    element: <RequireRole role={area.role} standalone />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <AreaLayout key={area.role} role={area.role} />,
        children: areaPages(area).map(({ path, page, permission }) => {
          const Page = AREA_PAGE_COMPONENTS[page];
          return {
            path,
            element: permission ? (
              <RequirePermission permission={permission}>
                <Page />
              </RequirePermission>
            ) : (
              <Page />
            ),
          };
        }),
      },
    ],
  };
}

/**
 * The staff areas' routes (docs/accounts.md "Roles and areas"), one per area. This module is a
 * chunk of its own, loaded and added to the browser router (app.tsx) only when a navigation first
 * asks for a path the storefront's routes do not match exactly (React Router's
 * `patchRoutesOnNavigation`): ranking every staff route was most of creating the router, ~30 ms of
 * one long task on a fast desktop before the storefront could hydrate, and their definitions no
 * longer weigh on the storefront's first download.
 */
export function areaRoutes(): RouteObject[] {
  return Object.values(AREAS).map(areaRoute);
}
