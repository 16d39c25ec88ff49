import { Grid, Select, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { INDIAN_STATES, gstStateCodeOf } from '@bazaar/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangeEvent } from 'react';
import { completePincode, pincodeQueryOptions } from '../../../api/accounts/pincode';
import { isApiError } from '../../../api/api-client';
import type { AddressValues } from '../../../components/address-fields';

const STATE_OPTIONS = INDIAN_STATES.map((state) => ({
  value: state,
  label: `${state} (${gstStateCodeOf(state)})`,
}));

/**
 * A wholesale customer's address (docs/gst.md "Place of supply"): Locality, Landmark, Pincode,
 * City, State (any Indian state, with its GST code) and Country India. A complete pincode is
 * looked up: when India Post places it in the chosen state the city is filled in; an unknown
 * pincode, or one of another state, is said under the field (the server refuses both on save).
 */
export function CustomerAddressFields<Values extends AddressValues>({
  form,
}: {
  form: UseFormReturnType<Values>;
}) {
  const loose = form as unknown as UseFormReturnType<AddressValues>;
  const queryClient = useQueryClient();
  const pincodeProps = loose.getInputProps('pincode');
  const state = loose.getValues().state;
  const pincode = completePincode(String(pincodeProps.value ?? ''));
  const lookup = useQuery({ ...pincodeQueryOptions(pincode ?? ''), enabled: pincode !== null });
  const sameState = (found: string) => gstStateCodeOf(found) === gstStateCodeOf(state);
  let lookupMessage: string | null = null;
  if (pincode && isApiError(lookup.error, 404))
    lookupMessage = 'This pincode is not known to India Post';
  else if (
    pincode &&
    lookup.data &&
    gstStateCodeOf(lookup.data.state) &&
    !sameState(lookup.data.state)
  ) {
    lookupMessage = `Pincode ${pincode} is in ${lookup.data.state}, not ${state}`;
  }

  const handlePincodeChange = (event: ChangeEvent<HTMLInputElement>) => {
    pincodeProps.onChange(event);
    const typed = completePincode(event.currentTarget.value);
    if (!typed) return;
    queryClient
      .fetchQuery(pincodeQueryOptions(typed))
      .then((info) => {
        const current = loose.getValues();
        if (completePincode(current.pincode) === typed && sameState(info.state)) {
          loose.setFieldValue('city', info.city);
        }
      })
      .catch(() => undefined); // shown under the field by the query above
  };

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label="Locality"
          placeholder="House no., street, area"
          withAsterisk
          maxLength={160}
          autoComplete="off"
          {...loose.getInputProps('locality')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label="Landmark"
          placeholder="Near ... (optional)"
          maxLength={160}
          autoComplete="off"
          {...loose.getInputProps('landmark')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <Select
          label="State"
          withAsterisk
          searchable
          allowDeselect={false}
          data={STATE_OPTIONS}
          description="The delivery state decides CGST + SGST (Bihar) or IGST (other states)"
          {...loose.getInputProps('state')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label="Pincode"
          placeholder="6 digits"
          inputMode="numeric"
          maxLength={6}
          withAsterisk
          autoComplete="off"
          {...pincodeProps}
          onChange={handlePincodeChange}
          error={pincodeProps.error ?? lookupMessage ?? undefined}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label="City"
          placeholder="Filled in from the pincode"
          withAsterisk
          maxLength={80}
          autoComplete="off"
          {...loose.getInputProps('city')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label="Country" readOnly variant="filled" {...loose.getInputProps('country')} />
        <Text fz="xs" c="dimmed" mt={4}>
          Customers may be anywhere in India.
        </Text>
      </Grid.Col>
    </Grid>
  );
}
