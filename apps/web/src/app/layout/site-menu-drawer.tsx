import { Drawer, NavLink, Stack } from '@mantine/core';
import type { SessionUser } from '@bazaar/shared';
import {
  IconBriefcase,
  IconCertificate,
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
import { useEffect, useState, type ComponentType } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '../../components/brand-mark';
import { PATHS } from '../../config/site';
import { drawerMenu, isActivePath } from './menu-items';
import { CartCount } from './cart-count';
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
  'My bills': IconCertificate,
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

export interface SiteMenuDrawerProps {
  opened: boolean;
  onClose: () => void;
  pathname: string;
  /** The signed-in user, null for a visitor; the menu is left out while `isLoading`. */
  signedIn: SessionUser | null;
  /** The account is a wholesale customer's: My bills is listed. */
  wholesale?: boolean;
  isLoading: boolean;
  cartCount: number;
  onLogout: () => void;
  logoutPending: boolean;
}

/**
 * The header's menu in a side drawer, below the `sm`.
 * A lazy chunk of its own: the drawer brings Mantine's modal machinery (focus trap, scroll lock,
 * portal, ScrollArea and with it @floating-ui), which the first paint of a page never needs, so
 * the header loads it on the first press of the burger (docs/performance.md).
 */
export function SiteMenuDrawer({
  opened,
  onClose,
  pathname,
  signedIn,
  wholesale = false,
  isLoading,
  cartCount,
  onLogout,
  logoutPending,
}: SiteMenuDrawerProps) {
  // Mounted closed first, then opened on the next frame, so the first opening slides in like
  // every later one instead of appearing at once.
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setMounted(true));
    return () => cancelAnimationFrame(frame);
  }, []);

  return (
    <Drawer
      id="site-menu-drawer"
      opened={opened && mounted}
      onClose={onClose}
      title={<BrandMark onNavigate={onClose} />}
      size="80%"
      hiddenFrom="sm"
      aria-label="Site menu"
      closeButtonProps={{ 'aria-label': 'Close menu' }}
    >
      {!isLoading && (
        <Stack component="nav" aria-label="Main" gap={4}>
          {drawerMenu(signedIn, { wholesale }).map((entry) => {
            if ('logout' in entry) {
              return (
                <NavLink
                  key="logout"
                  component="button"
                  type="button"
                  label={entry.label}
                  leftSection={<MenuIcon label={entry.label} />}
                  onClick={() => {
                    onClose();
                    onLogout();
                  }}
                  disabled={logoutPending}
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
                onClick={onClose}
                variant="light"
                className={classes.drawerLink}
              />
            );
          })}
        </Stack>
      )}
    </Drawer>
  );
}
