import { Grid, Loader, Text, TextInput, type MantineSpacing } from '@mantine/core';
import type { GetInputPropsReturnType, UseFormReturnType } from '@mantine/form';
import { COUNTRY, STATE } from '@bazaar/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangeEvent } from 'react';
import { completePincode, pincodeMessage, pincodeQueryOptions } from '../api/accounts/pincode';

/** The address as a form holds it (registration at the top level, profiles under `address`). */
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

/** A saved address (a profile's, with its id and flags) as form values; none gives the empty one. */
export function addressValues(address: AddressValues | null | undefined): AddressValues {
  if (!address) return EMPTY_ADDRESS;
  const { locality, landmark, city, pincode, state, country } = address;
  return { locality, landmark, city, pincode, state, country };
}

type AddressField = keyof AddressValues;

/** What the fields use of the form, with the paths untyped (`pincode` or `address.pincode`). */
interface LooseForm {
  getInputProps: (path: string) => GetInputPropsReturnType;
  getValues: () => unknown;
  setFieldValue: (path: string, value: string) => void;
}

interface AddressFieldsProps<Values extends AddressValues | { address: AddressValues }> {
  /** A controlled Mantine form holding the address. */
  form: UseFormReturnType<Values>;
  /** `'address'` when the form keeps the address under `address` (the profile forms). */
  prefix?: 'address';
  /** Space between the fields: the registration steps are airier than the profile card. */
  gap?: MantineSpacing;
}

const POST_OFFICES_SHOWN = 6;

/**
 * Address Details (docs/accounts.md), for registration and the profiles:
 * Locality, Landmark, Pincode, City, and State and Country read-only (Bihar and India only). A
 * complete pincode is looked up (`accountsApi.lookupPincode`): a Bihar pincode fills the city
 * and shows its post offices as a hint; a pincode outside Bihar or an unknown one says so under
 * the field. Whether that blocks anything is the page's business (registration checks the
 * pincode again before Next; the server refuses it on save).
 */
export function AddressFields<Values extends AddressValues | { address: AddressValues }>({
  form: typedForm,
  prefix,
  gap = 'md',
}: AddressFieldsProps<Values>) {
  const form = typedForm as unknown as LooseForm;
  const path = (field: AddressField) => (prefix ? `${prefix}.${field}` : field);
  const currentPincode = () => {
    const values = form.getValues() as AddressValues | { address: AddressValues };
    return (prefix && 'address' in values ? values.address : (values as AddressValues)).pincode;
  };

  const queryClient = useQueryClient();
  const pincodeProps = form.getInputProps(path('pincode'));
  const pincode = completePincode(String(pincodeProps.value ?? ''));
  const lookup = useQuery({ ...pincodeQueryOptions(pincode ?? ''), enabled: pincode !== null });
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
        if (completePincode(currentPincode()) === typed && info.inServiceArea) {
          form.setFieldValue(path('city'), info.city);
        }
      })
      .catch(() => undefined); // shown under the field by the query above
  };

  return (
    <Grid gap={gap}>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label="Locality"
          placeholder="House no., street, area"
          withAsterisk
          autoComplete="address-line1"
          maxLength={160}
          {...form.getInputProps(path('locality'))}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label="Landmark"
          placeholder="Near ... (optional)"
          autoComplete="address-line2"
          maxLength={160}
          {...form.getInputProps(path('landmark'))}
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
              <Loader size="xs" role="progressbar" aria-label="Looking up the post offices" />
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
          {...form.getInputProps(path('city'))}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label="State" readOnly variant="filled" {...form.getInputProps(path('state'))} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label="Country"
          readOnly
          variant="filled"
          {...form.getInputProps(path('country'))}
        />
      </Grid.Col>
    </Grid>
  );
}
