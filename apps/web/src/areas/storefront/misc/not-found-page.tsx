import { Button, Container, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconHome, IconMail, IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { PATHS } from '../../../config/site';

/** Any path the router does not know: what happened, and ways on (home, search, contact). */
export function NotFoundPage() {
  usePageTitle('Page not found');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');

  const handleSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = search.trim();
    void navigate(q ? `/?q=${encodeURIComponent(q)}#products` : '/#products');
  };

  return (
    <Container size="sm" py={60}>
      <Stack align="center" ta="center" gap="sm">
        <Text fz={72} fw={900} c="grape.5" lh={1} aria-hidden="true">
          404
        </Text>
        <Title order={1}>Page not found</Title>
        <Text c="dimmed" maw={480}>
          There is no page at <strong style={{ wordBreak: 'break-all' }}>{pathname}</strong>. The
          link may be mistyped or out of date. Try searching for what you wanted instead.
        </Text>

        <form onSubmit={handleSearch} role="search" style={{ width: '100%', maxWidth: 440 }}>
          <Group gap="xs" mt="md" wrap="nowrap" align="flex-end">
            <TextInput
              label="Search products"
              placeholder="Search by product name"
              leftSection={<IconSearch size={16} aria-hidden="true" />}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              style={{ flex: 1 }}
              ta="left"
            />
            <Button type="submit">Search</Button>
          </Group>
        </form>

        <Group mt="lg" justify="center">
          <Button
            component={Link}
            to={PATHS.home}
            variant="light"
            leftSection={<IconHome size={18} />}
          >
            Go to home
          </Button>
          <Button
            component={Link}
            to={PATHS.contactUs}
            variant="default"
            leftSection={<IconMail size={18} />}
          >
            Contact us
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
