import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { ROLE_AREAS } from '@bazaar/shared';
import { IconLogin2, IconMailCheck } from '@tabler/icons-react';
import { Link } from 'react-router';

/**
 * After a successful registration: the server's message (verify the email before logging in)
 * and the way to the customer's or seller's login.
 */
export function RegistrationResult({
  kind,
  message,
}: {
  kind: 'customer' | 'seller';
  message: string;
}) {
  return (
    <Paper withBorder radius="md" p={{ base: 'lg', sm: 48 }} component="section">
      <Stack align="center" ta="center" gap="md" maw={520} mx="auto">
        <ThemeIcon size={64} radius="xl" color="green" variant="light">
          <IconMailCheck size={36} aria-hidden="true" />
        </ThemeIcon>
        <Title order={1} fz="h2">
          Thank you for registering
        </Title>
        <Text fz="lg" role="status">
          {message}
        </Text>
        <Button
          component={Link}
          to={ROLE_AREAS[kind].loginPath}
          size="md"
          mt="sm"
          leftSection={<IconLogin2 size={18} aria-hidden="true" />}
        >
          {kind === 'seller' ? 'Go to seller login' : 'Go to login'}
        </Button>
      </Stack>
    </Paper>
  );
}
