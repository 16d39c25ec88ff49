import { Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { WholesaleCustomer } from '@bazaar/shared';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="sm" fw={500}>
        {value || '—'}
      </Text>
    </Stack>
  );
}

/**
 * The transaction screen's header (docs/back-office-bills.md): customer name, shop, mobile,
 * locality, landmark, city. `customer` undefined: skeletons while it loads.
 */
export function CustomerHeader({ customer }: { customer: WholesaleCustomer | undefined }) {
  return (
    <Paper withBorder radius="md" p="md">
      {customer ? (
        <>
          <Title order={2} fz="lg" mb="sm">
            {customer.name}
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
            <Field label="Shop" value={customer.shopName} />
            <Field label="Mobile" value={customer.mobile} />
            <Field label="Locality" value={customer.locality} />
            <Field label="Landmark" value={customer.landmark} />
            <Field label="City" value={customer.city} />
          </SimpleGrid>
        </>
      ) : (
        <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading the customer">
          <Skeleton h={20} w="40%" />
          <Skeleton h={14} w="80%" />
        </Stack>
      )}
    </Paper>
  );
}
