import {
  Badge,
  Box,
  Burger,
  Button,
  Container,
  Drawer,
  Group,
  NavLink,
  Stack,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconBriefcase,
  IconHeart,
  IconHome,
  IconInfoCircle,
  IconKey,
  IconLogin2,
  IconLogout,
  IconMail,
  IconPackage,
  IconShoppingCart,
  IconUser,
  IconUserPlus,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../api/accounts/session';
import { useCart } from '../../api/cart/get-cart';
import { BrandMark } from '../../components/brand-mark';
import { AccountDropdown } from './account-dropdown';
import { useLogoutAction } from '../../components/use-logout-action';
import { PATHS } from '../../config/site';
import { drawerMenu, headerMenu, isActivePath, isLogout, type MenuItem } from './menu-items';
import classes from './site-header.module.css';

type Icon = ComponentType<{ size?: number; stroke?: number }>;

const MENU_ICONS: Record<string, Icon> = {
  Home: IconHome,
  Login: IconLogin2,
  'Sign up': IconUserPlus,
  'Contact US': IconMail,
  'About US': IconInfoCircle,
  'My Profile': IconUser,
  'My Orders': IconPackage,
  Cart: IconShoppingCart,
  Wishlist: IconHeart,
  'Forgot Password': IconKey,
  'My area': IconBriefcase,
  Logout: IconLogout,
};

function MenuIcon({ label, size = 20 }: { label: string; size?: number }) {
  const Component = MENU_ICONS[label];
  return Component ? <Component size={size} stroke={1.6} /> : null;
}

/** The cart's number of units on the Cart link ("Cart 3 items"); nothing when empty. */
function CartCount({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <Badge size="sm" circle={count < 10} color="orange" variant="filled" component="span">
      {count > 99 ? '99+' : count}
      <VisuallyHidden>{count === 1 ? ' item' : ' items'}</VisuallyHidden>
    </Badge>
  );
}

/**
 * The storefront header (marketplace.md section 2): brand on the left, the menu on the right;
 * below the `sm` breakpoint a burger opens the same menu in a side drawer. The menu follows the
 * session: logged out, customer (My Account, Cart, Wishlist, Logout...), or staff (My area,
 * Logout). While the session loads the menu is left out, so the wrong one never flashes.
 */
export function SiteHeader() {
  const { pathname } = useLocation();
  const [drawerOpened, drawer] = useDisclosure(false);
  const { user, isLoading } = useSession();
  const { logOut, isPending } = useLogoutAction();
  const signedIn = user ?? null;
  // Only a customer has a cart: visitors and staff make no request. Reading it also merges what
  // the browser remembered before a customer logged in (api/cart/get-cart.ts).
  const cart = useCart({ enabled: signedIn?.role === 'customer' });
  const cartCount = cart.data?.totals.itemCount ?? 0;

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

          {!isLoading && (
            <Group component="nav" aria-label="Main" gap={4} visibleFrom="sm" wrap="nowrap">
              {headerMenu(signedIn).map((entry) => {
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
                  return <AccountDropdown key={entry.label} group={entry} pathname={pathname} />;
                }
                return renderLink(entry);
              })}
            </Group>
          )}

          <Burger
            opened={drawerOpened}
            onClick={drawer.toggle}
            hiddenFrom="sm"
            aria-label={drawerOpened ? 'Close menu' : 'Open menu'}
            aria-expanded={drawerOpened}
            aria-controls="site-menu-drawer"
          />
        </Group>
      </Container>

      <Drawer
        id="site-menu-drawer"
        opened={drawerOpened}
        onClose={drawer.close}
        title={<BrandMark onNavigate={drawer.close} />}
        size="80%"
        hiddenFrom="sm"
        aria-label="Site menu"
        closeButtonProps={{ 'aria-label': 'Close menu' }}
      >
        {!isLoading && (
          <Stack component="nav" aria-label="Main" gap={4}>
            {drawerMenu(signedIn).map((entry) => {
              if ('logout' in entry) {
                return (
                  <NavLink
                    key="logout"
                    component="button"
                    type="button"
                    label={entry.label}
                    leftSection={<MenuIcon label={entry.label} />}
                    onClick={() => {
                      drawer.close();
                      void logOut();
                    }}
                    disabled={isPending}
                    variant="light"
                    className={classes.drawerLink}
                  />
                );
              }
              const active = isActivePath(pathname, entry.to);
              return (
                <NavLink
                  key={entry.to}
                  component={Link}
                  to={entry.to}
                  label={entry.label}
                  active={active}
                  aria-current={active ? 'page' : undefined}
                  leftSection={<MenuIcon label={entry.label} />}
                  rightSection={
                    entry.to === PATHS.customerCart && cartCount > 0 ? (
                      <CartCount count={cartCount} />
                    ) : undefined
                  }
                  onClick={drawer.close}
                  variant="light"
                  className={classes.drawerLink}
                />
              );
            })}
          </Stack>
        )}
      </Drawer>
    </Box>
  );
}
