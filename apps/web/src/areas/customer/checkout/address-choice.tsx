import { Button, Group, Radio, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { DeliveryAddress } from '@bazaar/shared';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useAddresses } from '../../../api/addresses/get-addresses';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { AddressFormModal } from '../addresses/address-form-modal';
import { HIDDEN_GROUP_LABEL } from './checkout-step';

/** A customer keeps at most this many addresses (the server refuses the 11th). */
const MAX_ADDRESSES = 10;

/**
 * The address the order goes to: the default one at first, an address added here as soon as it
 * is saved, the customer's pick otherwise (kept while it still exists).
 * @returns the saved addresses query, the chosen address (null while there is none) and the
 *   setter of the chosen id.
 */
export function useChosenAddress() {
  const addresses = useAddresses();
  const [chosenId, setChosenId] = useState<number | null>(null);
  const knownIds = useRef<Set<number> | null>(null);
  const list = addresses.data?.addresses;

  useEffect(() => {
    if (!list) return;
    const known = knownIds.current;
    const added = known ? list.find((address) => !known.has(address.id)) : undefined;
    knownIds.current = new Set(list.map((address) => address.id));
    setChosenId((current) => {
      if (added) return added.id;
      if (current !== null && list.some((address) => address.id === current)) return current;
      return (list.find((address) => address.isDefault) ?? list[0])?.id ?? null;
    });
  }, [list]);

  const chosen = list?.find((address) => address.id === chosenId) ?? null;
  return { addresses, chosen, choose: setChosenId };
}

/** One saved address as a radio card: recipient, DEFAULT, the address lines and the mobile. */
function AddressCard({ address, disabled }: { address: DeliveryAddress; disabled: boolean }) {
  return (
    <Radio.Card value={String(address.id)} radius="md" p="sm" disabled={disabled}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Radio.Indicator mt={3} />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap={6}>
            <Text fw={700}>{address.recipientName}</Text>
            {address.isDefault && (
              <Text fz="xs" c="grape.7" fw={700}>
                DEFAULT
              </Text>
            )}
          </Group>
          <Text fz="sm">{[address.locality, address.landmark].filter(Boolean).join(', ')}</Text>
          <Text fz="sm">
            {address.city}, {address.state} {address.pincode}
          </Text>
          <Text fz="sm" c="dimmed">
            Mobile {address.mobile}
          </Text>
        </Stack>
      </Group>
    </Radio.Card>
  );
}

/**
 * Step 1 of checkout: the saved addresses as radio cards and "Add a new address" (the addresses
 * page's modal; the new address is chosen once saved). `locked` while an order is being placed
 * or waits for its online payment.
 */
export function AddressChoice({
  choice,
  locked,
}: {
  choice: ReturnType<typeof useChosenAddress>;
  locked: boolean;
}) {
  const [adding, setAdding] = useState(false);
  const { addresses, chosen, choose } = choice;
  const list = addresses.data?.addresses;

  if (addresses.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Skeleton h={110} radius="md" />
        <Skeleton h={110} radius="md" />
      </SimpleGrid>
    );
  }
  if (addresses.isError) return <TechnicalErrorAlert onRetry={() => void addresses.refetch()} />;

  return (
    <Stack gap="sm">
      {list && list.length > 0 ? (
        <Radio.Group
          value={chosen ? String(chosen.id) : null}
          onChange={(value) => choose(Number(value))}
          label="Deliver to"
          styles={HIDDEN_GROUP_LABEL}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {list.map((address) => (
              <AddressCard key={address.id} address={address} disabled={locked} />
            ))}
          </SimpleGrid>
        </Radio.Group>
      ) : (
        <Text c="dimmed">Add the address your order should go to.</Text>
      )}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={18} />}
          onClick={() => setAdding(true)}
          disabled={locked || (list?.length ?? 0) >= MAX_ADDRESSES}
        >
          Add a new address
        </Button>
      </Group>
      <AddressFormModal opened={adding} address={null} onClose={() => setAdding(false)} />
    </Stack>
  );
}
