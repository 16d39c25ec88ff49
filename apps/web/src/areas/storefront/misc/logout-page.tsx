import { useEffect, useRef } from 'react';
import { PageLoader } from '../../../components/page-loader';
import { useLogoutAction } from '../../../components/use-logout-action';
import { usePageTitle } from '../../../components/use-page-title';

/**
 * `/Logout` (docs/catalog.md): ends the session, clears
 * session and local storage and the cached server data, then returns to `/` (customers) or the
 * area's login (staff); the same action as every Logout menu item.
 */
export function LogoutPage() {
  usePageTitle('Logging out');
  const { logOut } = useLogoutAction();
  const started = useRef(false);
  useEffect(() => {
    // Once, also under StrictMode's double effect.
    if (started.current) return;
    started.current = true;
    void logOut();
  }, [logOut]);
  return <PageLoader label="Logging out" />;
}
