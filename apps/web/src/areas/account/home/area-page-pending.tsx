import { Badge, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';

/**
 * A staff menu target whose page is not built yet: names the page and says which work brings it.
 * No sample data, so nobody mistakes it for the real thing.
 */
export function AreaPagePending({
  title,
  work,
  homePath,
}: {
  title: string;
  work: 'shop office' | 'back office';
  homePath: string;
}) {
  usePageTitle(title);
  return (
    <Paper withBorder radius="md" p="xl" maw={720}>
      <Stack gap="sm" align="flex-start">
        <Badge color="orange" variant="light" leftSection={<IconTools size={14} />}>
          Not built yet
        </Badge>
        <Title order={1} fz="h2">
          {title}
        </Title>
        <Text c="dimmed">
          This page arrives with the {work} work. Until then its menu entry leads here, so the menu
          already has its final shape.
        </Text>
        <Button component={Link} to={homePath} variant="light" mt="xs">
          Back to home
        </Button>
      </Stack>
    </Paper>
  );
}
