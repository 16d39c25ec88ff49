import {
  Badge,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { ROLE_AREAS } from '@bazaar/shared';
import { IconBuildingStore, IconChevronRight, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSession } from '../../../api/accounts/session';
import { usePageTitle } from '../../../components/use-page-title';
import { AREAS, areaLinks, type StaffRole } from '../../../config/areas';

/**
 * The first page of a staff area: a welcome card with the user's name, role and shop, and the
 * area's pages as shortcuts. The dashboards of the spec replace it with the later issues.
 */
export function AreaHomePage({ role }: { role: StaffRole }) {
  const area = AREAS[role];
  usePageTitle(`${area.title} home`);
  const { user } = useSession();
  if (!user) return null;
  const shortcuts = areaLinks(area).filter((entry) => entry.page !== 'home');

  return (
    <Stack gap="lg" maw={1100}>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true">
            <IconUser size={30} />
          </ThemeIcon>
          <Stack gap={6}>
            <Title order={1} fz="h2">
              Welcome, {user.name}
            </Title>
            <Group gap="xs">
              <Badge variant="light">{ROLE_AREAS[user.role].label}</Badge>
              {user.shopName && (
                <Badge variant="light" color="orange" leftSection={<IconBuildingStore size={12} />}>
                  {user.shopName}
                </Badge>
              )}
            </Group>
            <Text c="dimmed" fz="sm">
              Signed in as {user.email}
              {user.mobile ? ` · ${user.mobile}` : ''}
            </Text>
          </Stack>
        </Group>
      </Paper>

      <section aria-labelledby="area-shortcuts">
        <Title order={2} fz="h4" mb="sm" id="area-shortcuts">
          Your pages
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          {shortcuts.map((entry) => (
            <UnstyledButton key={entry.path} component={Link} to={entry.path}>
              <Card withBorder radius="md" padding="md">
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={600}>{entry.title ?? entry.label}</Text>
                  <IconChevronRight
                    size={18}
                    color="var(--mantine-color-gray-6)"
                    aria-hidden="true"
                  />
                </Group>
              </Card>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      </section>
    </Stack>
  );
}
