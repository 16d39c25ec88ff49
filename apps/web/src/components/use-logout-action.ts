import { ROLE_AREAS, type Role, type SessionResponse } from '@bazaar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { logout, sessionKeys } from '../api/accounts/session';
import { notify } from './notify';

/** Where a role lands after logging out: the storefront for shoppers and sellers, else its login. */
export function afterLogoutPath(role: Role | undefined): string {
  // docs/accounts.md: the customer's and the seller's log-out go to `/`;
  // docs/accounts.md: the back-office areas go to their login.
  if (role === undefined || role === 'customer' || role === 'seller') return '/';
  return ROLE_AREAS[role].loginPath;
}

/**
 * Logging out, the same from every menu and from `/Logout` (docs/accounts.md): ends the server
 * session, clears session and local storage, drops every cached server answer, marks the session
 * signed out and navigates away. When the server cannot be reached nothing is cleared (the cookie
 * would still sign the visitor in) and a toast says so.
 * @returns `logOut()` and whether a log-out is in progress.
 */
export function useLogoutAction(): { logOut: () => Promise<void>; isPending: boolean } {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isPending, setPending] = useState(false);

  const logOut = useCallback(async () => {
    const role = queryClient.getQueryData<SessionResponse>(sessionKeys.all)?.user?.role;
    setPending(true);
    try {
      await logout();
    } catch {
      setPending(false);
      void notify({
        color: 'red',
        title: 'Could not log out',
        message: 'The server could not be reached. Please check your connection and try again.',
        autoClose: 3000,
      });
      return;
    }
    window.sessionStorage.clear();
    window.localStorage.clear();
    // Leave the signed-in page first, so its guard does not send the visitor to a login page:
    // flushSync commits the new page now (a transition would still show the old one when the
    // session below turns null).
    await navigate(afterLogoutPath(role), { replace: true, flushSync: true });
    queryClient.removeQueries({
      predicate: (query) => query.queryKey[0] !== sessionKeys.all[0],
    });
    queryClient.setQueryData<SessionResponse>(sessionKeys.all, { user: null });
    setPending(false);
  }, [navigate, queryClient]);

  return { logOut, isPending };
}
