import { SimpleGrid, Text, TextInput } from '@mantine/core';
import { ACCOUNT_MESSAGES, COUNTRY, STATE } from '@bazaar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent } from 'react';
import { isApiError } from '../../../api/api-client';
import { pincodeQueryOptions } from '../../../api/accounts/pincode';

/** The address as a form holds it. */
export interface AddressValues {
  locality: string;
  landmark: string;
  city: string;
  pincode: string;
  state: string;
  country: string;
}

export const EMPTY_ADDRESS: AddressValues = {
  locality: '',
  landmark: '',
  city: '',
  pincode: '',
  state: STATE,
  country: COUNTRY,
};

/** The piece of a Mantine form the address fields use (paths `address.locality`, ...). */
export interface AddressFormHandle {
  getInputProps: (path: string) => Record<string, unknown>;
  setFieldValue: (path: string, value: string) => void;
  setFieldError: (path: string, error: string | null) => void;
}

/**
 * Locality, landmark, city, pincode, and State and Country read-only (Bihar and India only,
 * marketplace.md section 9). A complete 6-digit pincode is looked up
 * (`GET /api/pincodes/{pincode}`): a Bihar pincode fills the city, any other shows why it cannot
 * be used.
 */
export function AddressFields({ form }: { form: AddressFormHandle }) {
  const queryClient = useQueryClient();
  const latest = useRef('');
  const [found, setFound] = useState<string | null>(null);
  const pincodeProps = form.getInputProps('address.pincode');

  const handlePincode = (event: ChangeEvent<HTMLInputElement>) => {
    const pincode = event.currentTarget.value.replace(/\D/g, '').slice(0, 6);
    latest.current = pincode;
    form.setFieldValue('address.pincode', pincode);
    form.setFieldError('address.pincode', null);
    setFound(null);
    if (pincode.length !== 6) return;
    queryClient.fetchQuery(pincodeQueryOptions(pincode)).then(
      (info) => {
        if (latest.current !== pincode) return;
        if (info.inServiceArea) {
          form.setFieldValue('address.city', info.city);
          form.setFieldError('address.city', null);
          setFound(`${info.city}, ${info.state}`);
        } else {
          form.setFieldError('address.pincode', ACCOUNT_MESSAGES.pincodeOutsideBihar);
        }
      },
      (error: unknown) => {
        if (latest.current !== pincode) return;
        if (isApiError(error, 404)) {
          form.setFieldError('address.pincode', ACCOUNT_MESSAGES.pincodeUnknown);
        }
      },
    );
  };

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <TextInput
        label="Locality"
        withAsterisk
        autoComplete="address-line1"
        maxLength={160}
        {...form.getInputProps('address.locality')}
      />
      <TextInput
        label="Landmark"
        autoComplete="address-line2"
        maxLength={160}
        {...form.getInputProps('address.landmark')}
      />
      <TextInput
        label="Pincode"
        withAsterisk
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={6}
        {...pincodeProps}
        onChange={handlePincode}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        description={
          found ? (
            <Text span fz="xs" c="green.8">
              {found}
            </Text>
          ) : undefined
        }
      />
      <TextInput
        label="City"
        withAsterisk
        autoComplete="address-level2"
        maxLength={80}
        {...form.getInputProps('address.city')}
      />
      <TextInput label="State" readOnly value={STATE} variant="filled" />
      <TextInput label="Country" readOnly value={COUNTRY} variant="filled" />
    </SimpleGrid>
  );
}
