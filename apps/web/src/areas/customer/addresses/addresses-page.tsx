import {
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import type { DeliveryAddress } from '@bazaar/shared';
import { IconMapPin, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useAddresses } from '../../../api/addresses/get-addresses';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { usePageTitle } from '../../../components/use-page-title';
import { AddressCard } from './address-card';
import { AddressFormModal } from './address-form-modal';

/** The server keeps at most this many addresses per customer (409 beyond). */
const MAX_ADDRESSES = 10;

function AddressSkeleton() {
  return (
    <Card withBorder radius="md" padding="md" aria-hidden="true">
      <Stack gap={8}>
        <Skeleton h={14} w="50%" />
        <Skeleton h={10} w="80%" />
        <Skeleton h={10} w="60%" />
        <Skeleton h={10} w="40%" />
        <Skeleton h={26} w="60%" mt="sm" />
      </Stack>
    </Card>
  );
}

/**
 * `/CustomerAddresses` (docs/shopping.md): the customer's saved delivery addresses, the default
 * first and marked; add (at most 10), edit, delete after a confirmation, make default. The address
 * rules are registration's (6-digit pincode filling the city, Bihar, India).
 */
export function AddressesPage() {
  usePageTitle('Saved addresses');
  const addresses = useAddresses();
  // undefined: closed; null: adding; an address: editing it.
  const [editing, setEditing] = useState<DeliveryAddress | null | undefined>(undefined);
  const list = addresses.data?.addresses;
  const full = (list?.length ?? 0) >= MAX_ADDRESSES;

  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }}>
      <Group justify="space-between" align="center" mb="lg">
        <Title order={1} fz="h2">
          Saved addresses
        </Title>
        {list && list.length > 0 && (
          <Button
            leftSection={<IconPlus size={18} />}
            onClick={() => setEditing(null)}
            disabled={full}
          >
            Add address
          </Button>
        )}
      </Group>
      {full && (
        <Text fz="sm" c="dimmed" mb="md">
          You have {MAX_ADDRESSES} saved addresses, the most you can keep: delete one to add
          another.
        </Text>
      )}

      {addresses.isPending ? (
        <SimpleGrid
          cols={{ base: 1, sm: 2 }}
          role="status"
          aria-busy="true"
          aria-label="Loading your addresses"
        >
          <AddressSkeleton />
          <AddressSkeleton />
        </SimpleGrid>
      ) : addresses.isError ? (
        <TechnicalErrorAlert onRetry={() => void addresses.refetch()} />
      ) : list && list.length > 0 ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {list.map((address) => (
            <AddressCard key={address.id} address={address} onEdit={setEditing} />
          ))}
        </SimpleGrid>
      ) : (
        <Stack align="center" ta="center" gap="sm" py={48}>
          <ThemeIcon size={64} radius="xl" variant="light" aria-hidden="true">
            <IconMapPin size={34} />
          </ThemeIcon>
          <Title order={2} fz="h3">
            No saved addresses yet
          </Title>
          <Text c="dimmed" maw={420}>
            Save where your orders should go; the first address becomes your default.
          </Text>
          <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing(null)} mt="sm">
            Add address
          </Button>
        </Stack>
      )}

      <AddressFormModal
        opened={editing !== undefined}
        address={editing ?? null}
        onClose={() => setEditing(undefined)}
      />
    </Container>
  );
}
