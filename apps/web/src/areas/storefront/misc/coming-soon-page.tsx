import { Badge, Button, Container, Stack, Text, Title } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { PATHS } from '../../../config/site';

/** Stand-in for a public route whose page is built later (login, registration, account, staff). */
export function ComingSoonPage({ title, description }: { title: string; description: string }) {
  usePageTitle(title);
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center" gap="sm">
        <Badge color="orange" variant="light" size="lg">
          Coming soon
        </Badge>
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{description}</Text>
        <Text c="dimmed">This page is coming soon.</Text>
        <Button component={Link} to={PATHS.home} mt="md" leftSection={<IconHome size={18} />}>
          Back to home
        </Button>
      </Stack>
    </Container>
  );
}
