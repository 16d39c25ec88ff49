import { Grid, Loader, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangeEvent } from 'react';
import { pincodeQueryOptions } from '../../../api/accounts/pincode';
import { completePincode, pincodeMessage } from './checks';
import type { RegistrationForm } from './registration-form';

const POST_OFFICES_SHOWN = 6;

/**
 * Address Details (marketplace.md section 2): Locality, Landmark, City, State, Pincode, Country.
 * State and country are fixed (Bihar, India: section 9). A complete pincode is looked up: the
 * city is filled in, its post offices are shown as a hint, and a pincode outside Bihar or an
 * unknown one says so under the field.
 */
export function AddressFields({ form }: { form: RegistrationForm }) {
  const queryClient = useQueryClient();
  const pincode = completePincode(form.values.pincode);
  const lookup = useQuery({ ...pincodeQueryOptions(pincode ?? ''), enabled: pincode !== null });
  const pincodeProps = form.getInputProps('pincode');
  const lookupMessage = pincode ? pincodeMessage(lookup.data, lookup.error) : null;
  const postOffices = pincode && lookup.data?.inServiceArea ? lookup.data.postOffices : [];

  const handlePincodeChange = (event: ChangeEvent<HTMLInputElement>) => {
    pincodeProps.onChange(event);
    const typed = completePincode(event.currentTarget.value);
    if (!typed) return;
    queryClient
      .fetchQuery(pincodeQueryOptions(typed))
      .then((info) => {
        // Only a deliverable pincode fills the city, and only if it was not changed meanwhile.
        if (completePincode(form.getValues().pincode) === typed && info.inServiceArea) {
          form.setFieldValue('city', info.city);
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
          autoComplete="address-line1"
          maxLength={160}
          {...form.getInputProps('locality')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label="Landmark"
          placeholder="Near ... (optional)"
          autoComplete="address-line2"
          maxLength={160}
          {...form.getInputProps('landmark')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label="Pincode"
          placeholder="6 digits"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          withAsterisk
          {...pincodeProps}
          onChange={handlePincodeChange}
          error={pincodeProps.error ?? lookupMessage ?? undefined}
          rightSection={
            pincode && lookup.isFetching ? (
              <Loader size="xs" aria-label="Looking up the post offices" />
            ) : null
          }
          description={
            postOffices.length > 0 ? (
              <Text component="span" fz="xs" c="dimmed">
                Post offices: {postOffices.slice(0, POST_OFFICES_SHOWN).join(', ')}
                {postOffices.length > POST_OFFICES_SHOWN &&
                  ` and ${postOffices.length - POST_OFFICES_SHOWN} more`}
              </Text>
            ) : undefined
          }
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label="City"
          placeholder="Filled in from the pincode"
          withAsterisk
          autoComplete="address-level2"
          maxLength={80}
          {...form.getInputProps('city')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label="State" readOnly variant="filled" {...form.getInputProps('state')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label="Country" readOnly variant="filled" {...form.getInputProps('country')} />
      </Grid.Col>
    </Grid>
  );
}
