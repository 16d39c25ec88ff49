import { Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../../../components/use-page-title';
import { NameListPanel } from './name-list-panel';

/**
 * New Product (`/addNewProduct`, `/SupportAdminAddNewProduct`; docs/shop-catalog.md): the shop's
 * company list and product-name list side by side (one column on a phone). The spec's menu has
 * no separate company screen, so the companies live here with the product names
 * (docs/shop-catalog.md).
 */
export function NewProductPage() {
  usePageTitle('New Product');
  return (
    <Container size="xl" py="lg">
      <Stack gap="md">
        <div>
          <Title order={1} fz={{ base: 22, sm: 26 }}>
            New Product
          </Title>
          <Text c="dimmed" size="sm">
            The companies and product names you choose from when you add a product.
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <NameListPanel kind="companies" title="Companies" />
          <NameListPanel kind="product-names" title="Product names" />
        </SimpleGrid>
      </Stack>
    </Container>
  );
}

/** Add Color (`/addColors`, `/SupportAdminAddColor`): the shop's colour list. */
export function AddColourPage() {
  usePageTitle('Add Color');
  return (
    <Container size="sm" py="lg">
      <Stack gap="md">
        <div>
          <Title order={1} fz={{ base: 22, sm: 26 }}>
            Add Color
          </Title>
          <Text c="dimmed" size="sm">
            The colours you choose from when you add a product.
          </Text>
        </div>
        <NameListPanel kind="colours" title="Colours" />
      </Stack>
    </Container>
  );
}
