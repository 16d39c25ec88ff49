import { Badge, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { ROLE_AREAS, type SessionUser } from '@bazaar/shared';
import { IconArrowRight, IconLock, IconLogout } from '@tabler/icons-react';
import { Link } from 'react-router';
import { BrandMark } from '../../../components/brand-mark';
import { useLogoutAction } from '../../../components/use-logout-action';
import { usePageTitle } from '../../../components/use-page-title';

/**
 * Shown by a guard when the signed-in user's role may not open the page (403): who they are
 * signed in as, the way to their own area, and Logout (to sign in with another account).
 */
export function ForbiddenPage({ user, showBrand }: { user: SessionUser; showBrand: boolean }) {
  usePageTitle('No access');
  const { logOut, isPending } = useLogoutAction();
  const roleLabel = ROLE_AREAS[user.role].label;
  return (
    <Container size="sm" py={60}>
      <Stack align="center" gap="lg">
        {showBrand && <BrandMark />}
        <Paper withBorder radius="md" p="xl" w="100%">
          <Stack align="center" ta="center" gap="sm">
            <IconLock size={48} color="var(--mantine-color-red-7)" aria-hidden="true" />
            <Title order={1} fz="h2">
              You do not have access to this page
            </Title>
            <Text c="dimmed">
              You are signed in as <strong>{user.name}</strong> ({user.email}) with the role{' '}
              <Badge variant="light" component="span">
                {roleLabel}
              </Badge>
              . To open this page, log out and sign in with an account that has access.
            </Text>
            <Group mt="md" justify="center">
              <Button
                component={Link}
                to={user.homePath}
                rightSection={<IconArrowRight size={18} />}
              >
                {user.role === 'customer'
                  ? 'Go to the shop'
                  : `Go to your ${roleLabel.toLowerCase()} area`}
              </Button>
              <Button
                variant="default"
                onClick={() => void logOut()}
                loading={isPending}
                leftSection={<IconLogout size={18} />}
              >
                Log out
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
