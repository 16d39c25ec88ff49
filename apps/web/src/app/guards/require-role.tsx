import { Container } from '@mantine/core';
import { ROLE_AREAS, type Role } from '@bazaar/shared';
import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../../api/accounts/session';
import { PageLoader } from '../../components/page-loader';
import { loadMantineStyles } from '../../components/mantine-styles-loader';
import { TechnicalErrorAlert } from '../../components/technical-error-alert';
import { PATHS } from '../../config/site';

const ForbiddenPage = lazy(async () => ({
  default: (
    await Promise.all([loadMantineStyles(), import('../../areas/account/misc/forbidden-page')])
  )[1].ForbiddenPage,
}));

interface RequireRoleProps {
  role: Role;
  /** The shop-details form itself must open for a seller who has no shop yet. */
  allowSellerWithoutShop?: boolean;
  /** Outside the storefront's header (the staff areas): the 403 page shows the brand itself. */
  standalone?: boolean;
}

/**
 * Guards the routes below it (docs/security.md: the server authorises every call; this only
 * decides what to show). Loading: a loader. Signed out: that role's login, coming back here
 * afterwards (`?redirect=`). Another role: the 403 page. A seller without a shop: the
 * shop-details form (`/ShopDetailsStepperForm`, accounts.md). A staff account that the admin's
 * policy holds until it sets up two-step sign-in: its profile, which shows only that setup.
 */
export function RequireRole({
  role,
  allowSellerWithoutShop = false,
  standalone = false,
}: RequireRoleProps) {
  const { user, isLoading, isError, refetch } = useSession();
  const location = useLocation();

  if (isLoading) return <PageLoader />;
  if (isError) {
    return (
      <Container size="sm" py="xl">
        <TechnicalErrorAlert onRetry={refetch} />
      </Container>
    );
  }
  if (!user) {
    const here = `${location.pathname}${location.search}${location.hash}`;
    return (
      <Navigate to={`${ROLE_AREAS[role].loginPath}?redirect=${encodeURIComponent(here)}`} replace />
    );
  }
  if (user.role !== role) {
    return (
      <Suspense fallback={<PageLoader />}>
        <ForbiddenPage user={user} showBrand={standalone} />
      </Suspense>
    );
  }
  const onProfile = location.pathname.toLowerCase() === ROLE_AREAS[role].profilePath.toLowerCase();
  if (user.twoFactorSetupRequired && !onProfile) {
    return <Navigate to={ROLE_AREAS[role].profilePath} replace />;
  }
  if (
    role === 'seller' &&
    user.shopId === null &&
    !allowSellerWithoutShop &&
    !user.twoFactorSetupRequired
  ) {
    return <Navigate to={PATHS.shopDetails} replace />;
  }
  return (
    <Suspense fallback={<PageLoader />}>
      <Outlet />
    </Suspense>
  );
}
