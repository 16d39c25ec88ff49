import { Box, Burger, Button, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../api/accounts/session';
import { useMyWholesaleSummary } from '../../api/my-wholesale/summary';
import { useCart } from '../../api/cart/get-cart';
import { usePendingCartCount } from '../../api/cart/pending-cart';
import { BrandMark } from '../../components/brand-mark';
import { loadMantineStyles } from '../../components/mantine-styles-loader';
import { CartCount } from './cart-count';
import { useLogoutAction } from '../../components/use-logout-action';
import { PATHS } from '../../config/site';
import { useEarlyAction } from '../../components/early-action';
import { lazyComponent } from '../../components/lazy-component';
import { ACCOUNT_MENU_ACTION, AccountButton } from './account-button';
import { headerMenu, isActivePath, isLogout, type MenuItem } from './menu-items';
import { prefetchRoutes } from './route-prefetch';
import classes from './site-header.module.css';

/**
 * The customer's My Account dropdown: only a signed-in customer sees it, so its links, icons and
 * Mantine's NavLink are a chunk of their own (~3 KB gzip less in the storefront's first download),
 * shown as its closed button until that chunk has run.
 */
const AccountDropdown = lazyComponent(
  async () => (await import('./account-dropdown')).AccountDropdown,
);

/** Loads the account dropdown's chunk (a render on the server must not suspend on it). */
export function preloadAccountDropdown(): Promise<unknown> {
  return AccountDropdown.preload();
}

const loadDrawer = async () => {
  const styles = loadMantineStyles();
  const drawer = await import('./site-menu-drawer');
  await styles;
  return drawer;
};
const SiteMenuDrawer = lazy(async () => ({ default: (await loadDrawer()).SiteMenuDrawer }));

/**
 * The storefront header (docs/catalog.md): brand on the left, the menu on the right;
 * below the `sm` breakpoint a burger opens the same menu in a side drawer. The menu follows the
 * session: logged out, customer (My Account, Cart, Wishlist, Logout...), or staff (My area,
 * Logout). While the session loads the menu is left out, so the wrong one never flashes.
 * The drawer is a lazy chunk fetched when the burger is first pressed (or touched, hovered).
 */
export function SiteHeader() {
  const { pathname } = useLocation();
  const [drawerOpened, drawer] = useDisclosure(false);
  // The drawer's chunk is requested on the first press of the burger and kept mounted after.
  const [drawerWanted, setDrawerWanted] = useState(false);
  // A tap on the server's burger before the app has taken it over opens the menu then.
  const earlyBurger = useEarlyAction<HTMLButtonElement>('site-menu');
  const { user, isLoading } = useSession();
  const { logOut, isPending } = useLogoutAction();
  const signedIn = user ?? null;
  // Only a customer has a cart: visitors and staff make no request. Reading it also merges what
  // the browser remembered before a customer logged in (api/cart/get-cart.ts).
  const cart = useCart({ enabled: signedIn?.role === 'customer' });
  const cartCount = cart.data?.totals.itemCount ?? 0;
  // A wholesale customer's account gets My bills (docs/back-office-ledger.md "The customer's own
  // view"); the summary answers the empty state for a plain customer.
  const wholesale = useMyWholesaleSummary(signedIn?.role === 'customer').data?.customer != null;
  // A visitor's browser cart (docs/shopping.md "Guest cart"): a Cart link with its count once it
  // holds something, so the spec's logged-out menu is unchanged until then.
  const guestCount = usePendingCartCount();
  const showGuestCart = !isLoading && !signedIn && guestCount > 0;

  const renderLink = (item: MenuItem) => {
    const active = isActivePath(pathname, item.to);
    const isSignUp = item.to === PATHS.customerRegistration;
    return (
      <Button
        key={item.to}
        component={Link}
        to={item.to}
        variant={isSignUp ? 'filled' : active ? 'light' : 'subtle'}
        color={isSignUp ? 'orange' : 'grape'}
        aria-current={active ? 'page' : undefined}
        className={isSignUp ? undefined : classes.link}
        rightSection={
          item.to === PATHS.customerCart && cartCount > 0 ? (
            <CartCount count={cartCount} />
          ) : undefined
        }
      >
        {item.label}
      </Button>
    );
  };

  return (
    <Box component="header" className={classes.header}>
      <Container size="xl" h="100%">
        <Group justify="space-between" h="100%" wrap="nowrap">
          <BrandMark />

          <Group gap={4} wrap="nowrap">
            {!isLoading && (
              <Group
                component="nav"
                aria-label="Main"
                gap={4}
                visibleFrom="sm"
                wrap="nowrap"
                // Heading for a link: its page's route may be in a chunk not loaded yet.
                onPointerOver={prefetchRoutes}
                onTouchStart={prefetchRoutes}
                onFocus={prefetchRoutes}
              >
                {headerMenu(signedIn, { wholesale }).map((entry) => {
                  if (isLogout(entry)) {
                    return (
                      <Button
                        key="logout"
                        variant="subtle"
                        color="grape"
                        className={classes.link}
                        onClick={() => void logOut()}
                        loading={isPending}
                      >
                        {entry.label}
                      </Button>
                    );
                  }
                  if ('items' in entry) {
                    const active = entry.items.some((item) => isActivePath(pathname, item.to));
                    return (
                      <Suspense
                        key={entry.label}
                        fallback={
                          <AccountButton
                            label={entry.label}
                            active={active}
                            aria-expanded={false}
                            // Held back until the dropdown below has loaded, then replayed.
                            data-action={ACCOUNT_MENU_ACTION}
                          />
                        }
                      >
                        <AccountDropdown group={entry} pathname={pathname} />
                      </Suspense>
                    );
                  }
                  return renderLink(entry);
                })}
              </Group>
            )}

            {showGuestCart && (
              <Button
                component={Link}
                to={PATHS.customerCart}
                variant={isActivePath(pathname, PATHS.customerCart) ? 'light' : 'subtle'}
                color="grape"
                className={classes.link}
                aria-current={isActivePath(pathname, PATHS.customerCart) ? 'page' : undefined}
                rightSection={<CartCount count={guestCount} />}
              >
                Cart
              </Button>
            )}

            <Burger
              {...earlyBurger}
              opened={drawerOpened}
              onClick={() => {
                setDrawerWanted(true);
                drawer.toggle();
              }}
              onPointerEnter={() => {
                void loadDrawer();
                prefetchRoutes();
              }}
              onTouchStart={() => {
                void loadDrawer();
                prefetchRoutes();
              }}
              hiddenFrom="sm"
              aria-label={drawerOpened ? 'Close menu' : 'Open menu'}
              aria-expanded={drawerOpened}
              aria-controls="site-menu-drawer"
            />
          </Group>
        </Group>
      </Container>

      {drawerWanted && (
        <Suspense fallback={null}>
          <SiteMenuDrawer
            opened={drawerOpened}
            onClose={drawer.close}
            pathname={pathname}
            signedIn={signedIn}
            wholesale={wholesale}
            isLoading={isLoading}
            cartCount={cartCount}
            onLogout={() => void logOut()}
            logoutPending={isPending}
          />
        </Suspense>
      )}
    </Box>
  );
}
