import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { usePageTitle } from '../../../components/use-page-title';

/**
 * `/Logout` (marketplace.md section 2): clears session and local storage and the cached server
 * data, then returns to `/`. Ending the server session joins here when customer login exists.
 */
export function LogoutPage() {
  usePageTitle('Logging out');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    window.sessionStorage.clear();
    window.localStorage.clear();
    queryClient.clear();
    void navigate('/', { replace: true });
  }, [navigate, queryClient]);
  return <PageLoader label="Logging out" />;
}
