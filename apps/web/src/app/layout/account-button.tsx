import { Button } from '@mantine/core';
import { IconChevronDown, IconUserCircle } from '@tabler/icons-react';
import type { MouseEventHandler, Ref } from 'react';
import classes from './site-header.module.css';

/** The My Account button's early action (components/early-action.ts). */
export const ACCOUNT_MENU_ACTION = 'account-menu';

interface AccountButtonProps {
  label: string;
  /** One of the dropdown's pages is open. */
  active: boolean;
  'aria-expanded'?: boolean;
  'aria-controls'?: string;
  /** Its early action (components/early-action.ts). */
  'data-action'?: string;
  ref?: Ref<HTMLButtonElement>;
  onClick?: MouseEventHandler<HTMLButtonElement>;
}

/**
 * The closed My Account button: the dropdown's own button, and what the header shows while the
 * dropdown's chunk loads (account-dropdown.tsx), so nothing moves when it arrives.
 */
export function AccountButton({ label, active, ...props }: AccountButtonProps) {
  return (
    <Button
      variant={active ? 'light' : 'subtle'}
      color="grape"
      className={classes.link}
      leftSection={<IconUserCircle size={18} />}
      rightSection={<IconChevronDown size={16} />}
      {...props}
    >
      {label}
    </Button>
  );
}
