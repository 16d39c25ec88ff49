import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { MESSAGES } from '@bazaar/shared';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';

/**
 * Last resort for a page that failed to render or whose code failed to download (for example
 * after a new release replaced the old chunks): say so and offer a reload.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center">
        <Title order={1}>{notFound ? 'Page not found' : MESSAGES.technicalErrorTitle}</Title>
        <Text c="dimmed">
          {notFound ? 'The page you asked for does not exist.' : MESSAGES.technicalError}
        </Text>
        <Group>
          <Button onClick={() => window.location.reload()}>Reload the page</Button>
          <Button component={Link} to="/" variant="default" reloadDocument>
            Go to home
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
