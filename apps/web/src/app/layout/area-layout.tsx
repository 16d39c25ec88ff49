import {
  AppShell,
  Badge,
  Burger,
  Button,
  Group,
  NavLink,
  ScrollArea,
  Text,
  useMantineTheme,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import {
  IconAddressBook,
  IconBuildingStore,
  IconCirclePlus,
  IconHeadset,
  IconHistory,
  IconHome,
  IconLayoutList,
  IconLogout,
  IconPackage,
  IconPalette,
  IconPhoto,
  IconPoint,
  IconReceipt,
  IconShoppingBag,
  IconTruckDelivery,
  IconUser,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import { userMay } from '@bazaar/shared';
import { Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { Link, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useSession } from '../../api/accounts/session';
import { BrandMark } from '../../components/brand-mark';
import { PageLoader } from '../../components/page-loader';
import { useLogoutAction } from '../../components/use-logout-action';
import {
  AREAS,
  isAreaGroup,
  isLogoutEntry,
  type AreaLink,
  type StaffRole,
} from '../../config/areas';
import { isActivePath } from './menu-items';
import classes from './area-layout.module.css';

type Icon = ComponentType<{ size?: number; stroke?: number }>;

/** Icons by the menu's label (the same label means the same kind of page in every area). */
const ICONS: Record<string, Icon> = {
  Home: IconHome,
  Profile: IconUser,
  Customer: IconUsers,
  Transaction: IconReceipt,
  Stock: IconPackage,
  Employees: IconAddressBook,
  'Total Customer': IconUsers,
  Orders: IconShoppingBag,
  'Product Slider': IconPhoto,
  'Create Admin': IconUserPlus,
  Support: IconHeadset,
  'New Delivery': IconTruckDelivery,
  'Delivery History': IconHistory,
  'New Product': IconCirclePlus,
  'Add Color': IconPalette,
  'All Product': IconLayoutList,
};

function MenuIcon({ label }: { label: string }) {
  const Component = ICONS[label] ?? IconPoint;
  return <Component size={20} stroke={1.6} />;
}

/** A menu entry with sub-links: a real button that says whether it is expanded. */
function MenuGroup({
  label,
  defaultOpened,
  children,
}: {
  label: string;
  defaultOpened: boolean;
  children: ReactNode;
}) {
  const [opened, setOpened] = useState(defaultOpened);
  return (
    <NavLink
      component="button"
      type="button"
      label={label}
      leftSection={<MenuIcon label={label} />}
      opened={opened}
      onChange={setOpened}
      aria-expanded={opened}
      className={classes.link}
    >
      {children}
    </NavLink>
  );
}

/**
 * The shell of a staff area (docs/accounts.md "Roles and areas"):
 * the brand and the signed-in user on top, the area's menu in a sidebar (a burger opens it on
 * phones), the page beside it. Rendered inside `RequireRole`, so the session is the area's.
 */
export function AreaLayout({ role }: { role: StaffRole }) {
  const area = AREAS[role];
  const { user } = useSession();
  const { pathname } = useLocation();
  const [opened, navbar] = useDisclosure(false);
  const theme = useMantineTheme();
  // Mantine's `sm` breakpoint is where the burger hides and the menu becomes a sidebar.
  const isPhone = useMediaQuery(`(min-width: ${theme.breakpoints.sm})`) === false;
  const { logOut, isPending } = useLogoutAction();

  // Pages an employee's job title may not use are not offered (the server refuses them anyway).
  const allowed = (entry: AreaLink) => !entry.permission || userMay(user, entry.permission);

  const renderLink = (entry: AreaLink, nested: boolean) => {
    if (!allowed(entry)) return null;
    const active = isActivePath(pathname, entry.path);
    return (
      <NavLink
        key={entry.path}
        component={Link}
        to={entry.path}
        label={entry.label}
        active={active}
        aria-current={active ? 'page' : undefined}
        leftSection={nested ? null : <MenuIcon label={entry.label} />}
        onClick={navbar.close}
        className={classes.link}
      />
    );
  };

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={navbar.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? 'Close menu' : 'Open menu'}
              aria-expanded={opened}
              aria-controls="area-menu"
            />
            <BrandMark />
            <Badge variant="light" color="orange" visibleFrom="xs">
              {area.title}
            </Badge>
          </Group>
          <Group gap="sm" wrap="nowrap">
            {user && (
              <Text fz="sm" fw={600} visibleFrom="md" truncate maw={220}>
                {user.name}
              </Text>
            )}
            <Button
              component={Link}
              to="/"
              variant="subtle"
              size="compact-sm"
              leftSection={<IconBuildingStore size={16} />}
              visibleFrom="sm"
            >
              Shop
            </Button>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar
        id="area-menu"
        p="xs"
        component="div"
        // Off-screen while closed on a phone: out of the tab order and the accessibility tree too.
        inert={isPhone && !opened}
      >
        <ScrollArea type="auto" style={{ flex: 1 }}>
          <nav aria-label={`${area.title} menu`}>
            {area.menu.map((entry) => {
              if (isLogoutEntry(entry)) {
                return (
                  <NavLink
                    key="logout"
                    component="button"
                    type="button"
                    label={entry.label}
                    leftSection={<IconLogout size={20} stroke={1.6} />}
                    onClick={() => void logOut()}
                    disabled={isPending}
                    className={classes.link}
                  />
                );
              }
              if (isAreaGroup(entry)) {
                if (!entry.links.some(allowed)) return null;
                return (
                  <MenuGroup
                    key={entry.label}
                    label={entry.label}
                    defaultOpened={entry.links.some((child) => isActivePath(pathname, child.path))}
                  >
                    {entry.links.map((child) => renderLink(child, true))}
                  </MenuGroup>
                );
              }
              return renderLink(entry, false);
            })}
          </nav>
        </ScrollArea>
      </AppShell.Navbar>

      <AppShell.Main className={classes.main}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
      <ScrollRestoration />
    </AppShell>
  );
}
