import { Button, Group, Paper, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconTruckDelivery } from '@tabler/icons-react';
import { useEffect, useId, useState, useSyncExternalStore, type FormEvent } from 'react';
import { useSession } from '../../../api/accounts/session';
import { useAddresses } from '../../../api/addresses/get-addresses';
import { isApiError } from '../../../api/api-client';
import { deliveryEstimateQueryOptions } from '../../../api/products/get-delivery-estimate';

/** Where the last pincode that could be checked is kept, so every product page answers at once. */
const STORAGE_KEY = 'bazaar.deliveryPincode';
/** The spec's pincode message (registration and addresses say the same). */
const PINCODE_FORMAT_MESSAGE = 'Pincode must be 6 digit';

function storedPincode(): string | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return value && /^\d{6}$/.test(value) ? value : null;
  } catch {
    return null; // storage blocked: the check still works, it is just not remembered
  }
}

/** Another tab's check updates this one too. */
function subscribeToStorage(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

/**
 * The product page's delivery check (docs/catalog.md "Delivery check"): "Delivers to 800001
 * (Patna) in 3-5 days" for a Bihar pincode, the server's refusal outside Bihar, the spec's
 * message for a pincode that is not 6 digits (checked here, without a request). The pincode
 * checked last is remembered in this browser; else a signed-in customer's default address fills
 * it in. Nothing is read from storage during render, so the server's render matches.
 */
export function DeliveryCheck() {
  // null until the visitor types or submits: until then the box shows what would be checked.
  const [typed, setTyped] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState<string | null>(null);
  const [formatError, setFormatError] = useState<string | null>(null);
  const resultId = useId();
  const remembered = useSyncExternalStore(subscribeToStorage, storedPincode, () => null);
  const { user } = useSession();
  const askAddresses = user?.role === 'customer' && remembered === null && submitted === null;
  const addresses = useAddresses({ enabled: askAddresses });
  const defaultPincode = askAddresses ? addresses.data?.addresses[0]?.pincode : undefined;
  const checked = formatError ? null : (submitted ?? remembered ?? defaultPincode ?? null);
  const estimate = useQuery({
    ...deliveryEstimateQueryOptions(checked ?? ''),
    enabled: checked !== null,
  });

  useEffect(() => {
    if (!estimate.data) return;
    try {
      localStorage.setItem(STORAGE_KEY, estimate.data.pincode);
    } catch {
      // not remembered; nothing else to do
    }
  }, [estimate.data]);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const pincode = (typed ?? checked ?? '').trim();
    if (!/^\d{6}$/.test(pincode)) {
      setFormatError(PINCODE_FORMAT_MESSAGE);
      return;
    }
    setFormatError(null);
    setSubmitted(pincode);
  };

  const { data, error, isFetching } = estimate;
  const result = formatError ? null : data ? (
    <Text fz="sm" c="green.8" fw={500}>
      Delivers to {data.pincode} ({data.city}) in {data.minDays}-{data.maxDays} days
    </Text>
  ) : error ? (
    <Text fz="sm" c="red.7">
      {isApiError(error, 422) || isApiError(error, 404) || isApiError(error, 400)
        ? error.message
        : 'We could not check delivery just now. Please try again.'}
    </Text>
  ) : null;

  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label="Delivery check">
      <form onSubmit={handleSubmit} noValidate>
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <IconTruckDelivery size={20} stroke={1.6} aria-hidden="true" style={{ marginTop: 8 }} />
          <TextInput
            aria-label="Delivery pincode"
            placeholder="Enter delivery pincode"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={6}
            value={typed ?? checked ?? ''}
            onChange={(event) => {
              setTyped(event.currentTarget.value.replace(/\D/g, ''));
              setFormatError(null);
            }}
            error={formatError}
            aria-describedby={resultId}
            size="sm"
            style={{ flex: 1 }}
          />
          <Button type="submit" variant="light" size="sm" loading={isFetching}>
            Check
          </Button>
        </Group>
      </form>
      <div id={resultId} aria-live="polite">
        {result && <div style={{ marginTop: 6, marginLeft: 28 }}>{result}</div>}
      </div>
    </Paper>
  );
}
