import { Box, NavLink, Paper } from '@mantine/core';
import { useClickOutside, useDisclosure } from '@mantine/hooks';
import { IconCertificate, IconPackage, IconUser } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { useEarlyAction } from '../../components/early-action';
import { ACCOUNT_MENU_ACTION, AccountButton } from './account-button';
import { isActivePath, type MenuGroup } from './menu-items';
import classes from './site-header.module.css';

const ITEM_ICONS: Record<string, typeof IconUser> = {
  'My Profile': IconUser,
  'My Orders': IconPackage,
  'My bills': IconCertificate,
};

/**
 * The signed-in customer's "My Account" dropdown (My Profile, My Orders, and My bills for a wholesale customer): a disclosure button
 * and a list of links, closed by a click outside or Escape. Built without Mantine's Menu, whose
 * positioning engine would add ~20 KB to the home page's JavaScript.
 */
export function AccountDropdown({ group, pathname }: { group: MenuGroup; pathname: string }) {
  const listId = useId();
  const [opened, dropdown] = useDisclosure(false);
  const ref = useClickOutside<HTMLDivElement>(dropdown.close);
  const active = group.items.some((item) => isActivePath(pathname, item.to));
  // A click on the button while this chunk loaded (or before the app started) opens it now.
  const early = useEarlyAction<HTMLButtonElement>(ACCOUNT_MENU_ACTION);
  return (
    <Box
      ref={ref}
      pos="relative"
      onKeyDown={(event) => {
        if (event.key === 'Escape') dropdown.close();
      }}
    >
      <AccountButton
        {...early}
        label={group.label}
        active={active}
        aria-expanded={opened}
        aria-controls={listId}
        onClick={dropdown.toggle}
      />
      {opened && (
        <Paper id={listId} className={classes.dropdown} shadow="md" withBorder p={4} component="ul">
          {group.items.map((item) => {
            const Icon = ITEM_ICONS[item.label];
            const current = isActivePath(pathname, item.to);
            return (
              <li key={item.to}>
                <NavLink
                  component={Link}
                  to={item.to}
                  label={item.label}
                  active={current}
                  aria-current={current ? 'page' : undefined}
                  leftSection={Icon ? <Icon size={16} stroke={1.6} /> : null}
                  onClick={dropdown.close}
                  className={classes.drawerLink}
                />
              </li>
            );
          })}
        </Paper>
      )}
    </Box>
  );
}
