import { Button, Container, EmptyState, Group } from '@mantine/core';
import { IconHome, IconShirtOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PATHS } from '../../../config/site';

/** A bad or unknown product id: say so and lead back to the shop. */
export function ProductNotFound() {
  return (
    <Container size="sm" py={60}>
      <EmptyState size="lg" icon={<IconShirtOff size={36} />}>
        <EmptyState.Title order={1}>We could not find this product</EmptyState.Title>
        <EmptyState.Description>
          The link may be wrong, or the seller has removed the product. Have a look at what else is
          on offer.
        </EmptyState.Description>
        <EmptyState.Actions>
          <Group justify="center" mt="md">
            <Button component={Link} to={PATHS.home} leftSection={<IconHome size={18} />}>
              Back to home
            </Button>
            <Button component={Link} to="/#products" variant="default">
              Browse all products
            </Button>
          </Group>
        </EmptyState.Actions>
      </EmptyState>
    </Container>
  );
}
