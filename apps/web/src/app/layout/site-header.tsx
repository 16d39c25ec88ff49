import { Box, Burger, Button, Container, Drawer, Group, NavLink, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconHome, IconInfoCircle, IconLogin2, IconMail, IconUserPlus } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link, useLocation } from 'react-router';
import { BrandMark } from '../../components/brand-mark';
import { PATHS } from '../../config/site';
import { isActivePath, LOGGED_OUT_MENU } from './menu-items';
import classes from './site-header.module.css';

const MENU_ICONS: Record<string, ComponentType<{ size?: number; stroke?: number }>> = {
  [PATHS.home]: IconHome,
  [PATHS.customerLogin]: IconLogin2,
  [PATHS.customerRegistration]: IconUserPlus,
  [PATHS.contactUs]: IconMail,
  [PATHS.aboutUs]: IconInfoCircle,
};

/**
 * The logged-out header (marketplace.md section 2): brand on the left, the menu on the right;
 * below the `sm` breakpoint a burger opens the same menu in a side drawer.
 */
export function SiteHeader() {
  const { pathname } = useLocation();
  const [drawerOpened, drawer] = useDisclosure(false);

  return (
    <Box component="header" className={classes.header}>
      <Container size="xl" h="100%">
        <Group justify="space-between" h="100%" wrap="nowrap">
          <BrandMark />

          <Group component="nav" aria-label="Main" gap={4} visibleFrom="sm" wrap="nowrap">
            {LOGGED_OUT_MENU.map((item) => {
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
                >
                  {item.label}
                </Button>
              );
            })}
          </Group>

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
        <Stack component="nav" aria-label="Main" gap={4}>
          {LOGGED_OUT_MENU.map((item) => {
            const Icon = MENU_ICONS[item.to];
            const active = isActivePath(pathname, item.to);
            return (
              <NavLink
                key={item.to}
                component={Link}
                to={item.to}
                label={item.label}
                active={active}
                aria-current={active ? 'page' : undefined}
                leftSection={Icon ? <Icon size={20} stroke={1.6} /> : null}
                onClick={drawer.close}
                variant="light"
                className={classes.drawerLink}
              />
            );
          })}
        </Stack>
      </Drawer>
    </Box>
  );
}
