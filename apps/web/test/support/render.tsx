import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AppProviders } from '../../src/app/providers';

/** Shows where the app navigated to, so a test can read it: `<output>` with path and query. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/**
 * Renders a page the way the app does (app/providers.tsx: Mantine with the app's theme, a fresh
 * QueryClient, the toasts host) inside a memory router at `url`, with the page's route at `path`
 * and every other path showing only the location probe.
 * @returns testing-library's render result; `screen.getByTestId('location')` holds the current
 *   path and query.
 */
export function renderPage(page: ReactNode, { url, path }: { url: string; path?: string }) {
  const routePath = path ?? url.split('?')[0] ?? '/';
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={routePath} element={page} />
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
}
