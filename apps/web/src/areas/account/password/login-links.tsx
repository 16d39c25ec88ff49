import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { ROLE_AREAS, ROLES, type Role } from '@bazaar/shared';
import { IconLogin2 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** `?area=seller` from a login page's link, or undefined. */
export function roleFromParam(value: string | null): Role | undefined {
  return ROLES.find((role) => role === value);
}

/**
 * A Login button for the role the visitor came from (the customer's when unknown), and links to
 * the other logins, since a mailed link does not say whose account it is.
 */
export function LoginLinks({ role }: { role: Role | undefined }) {
  const main = role ?? 'customer';
  const others = ROLES.filter((other) => other !== main);
  return (
    <Stack gap="sm" mt="md">
      <Button
        component={Link}
        to={ROLE_AREAS[main].loginPath}
        leftSection={<IconLogin2 size={18} />}
      >
        {role ? `Go to ${ROLE_AREAS[main].label.toLowerCase()} login` : 'Go to login'}
      </Button>
      <Group gap={6} justify="center">
        <Text fz="xs" c="dimmed">
          Other logins:
        </Text>
        {others.map((other) => (
          <Anchor key={other} component={Link} to={ROLE_AREAS[other].loginPath} fz="xs">
            {ROLE_AREAS[other].label}
          </Anchor>
        ))}
      </Group>
    </Stack>
  );
}

/**
 * The end of a mailed-link page (forgot, reset, verify): what happened, green when it worked
 * (announced as a status) and orange or red when not (an alert), then the way to the logins.
 */
export function NoticeWithLoginLinks({
  color,
  role,
  children,
}: {
  color: 'green' | 'orange' | 'red';
  role: Role | undefined;
  children: ReactNode;
}) {
  return (
    <Stack gap={0}>
      <Alert color={color} variant="light" role={color === 'green' ? 'status' : 'alert'}>
        {children}
      </Alert>
      <LoginLinks role={role} />
    </Stack>
  );
}
