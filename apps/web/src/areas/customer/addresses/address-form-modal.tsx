import { Alert, Button, Grid, Group, Modal, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { DeliveryAddressInputSchema, type DeliveryAddress } from '@bazaar/shared';
import { isApiError } from '../../../api/api-client';
import { useCreateAddress } from '../../../api/addresses/create-address';
import { useUpdateAddress } from '../../../api/addresses/update-address';
import {
  AddressFields,
  addressValues,
  type AddressValues,
} from '../../../components/address-fields';
import { showServerFieldErrors } from '../../../components/forms/server-field-errors';
import { notify } from '../../../components/notify';
import { MobileInput } from '../../../components/forms/mobile-input';

interface DeliveryAddressValues extends AddressValues {
  recipientName: string;
  mobile: string;
}

function initialValues(address: DeliveryAddress | null): DeliveryAddressValues {
  return {
    recipientName: address?.recipientName ?? '',
    mobile: address?.mobile ?? '',
    ...addressValues(address),
  };
}

function AddressForm({
  address,
  onClose,
}: {
  address: DeliveryAddress | null;
  onClose: () => void;
}) {
  const create = useCreateAddress();
  const update = useUpdateAddress();
  const saving = create.isPending || update.isPending;
  const form = useForm<DeliveryAddressValues>({
    mode: 'controlled',
    initialValues: initialValues(address),
    validate: schemaResolver(DeliveryAddressInputSchema, { sync: true }),
  });
  const formError = (create.error ?? update.error) as Error | null;
  const showFormError =
    formError &&
    !(isApiError(formError) && formError.fields && Object.keys(formError.fields).length);

  const handleSubmit = form.onSubmit((values) => {
    const input = DeliveryAddressInputSchema.parse(values); // trimmed, as the server stores it
    const callbacks = {
      onSuccess: () => {
        void notify({
          color: 'green',
          message: address ? 'Address updated' : 'Address saved',
          autoClose: 3000,
        });
        onClose();
      },
      onError: (error: Error) => void showServerFieldErrors(form, error),
    };
    if (address) update.mutate({ addressId: address.id, changes: input }, callbacks);
    else create.mutate(input, callbacks);
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="Recipient name"
              placeholder="Who receives the parcel"
              withAsterisk
              autoComplete="name"
              maxLength={80}
              data-autofocus
              {...form.getInputProps('recipientName')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <MobileInput
              label="Mobile"
              placeholder="10 digits"
              withAsterisk
              {...form.getInputProps('mobile')}
            />
          </Grid.Col>
        </Grid>
        <AddressFields form={form} gap="sm" />
        {showFormError && (
          <Alert color="red" variant="light" role="alert">
            {formError.message}
          </Alert>
        )}
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {address ? 'Save changes' : 'Save address'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Add or edit a delivery address: Recipient name, Mobile and the shared address fields (pincode
 * lookup filling the city; Bihar and India only). Checked with `DeliveryAddressInputSchema` before
 * sending; the server's field refusals show under their fields, a refusal of the whole request
 * (e.g. the 10-address limit) above the buttons.
 */
export function AddressFormModal({
  opened,
  address,
  onClose,
}: {
  opened: boolean;
  /** The address to edit; null adds a new one. */
  address: DeliveryAddress | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={address ? 'Edit address' : 'Add a delivery address'}
      size="lg"
      centered
    >
      {/* Keyed so each opening starts from the address it edits. */}
      {opened && <AddressForm key={address?.id ?? 'new'} address={address} onClose={onClose} />}
    </Modal>
  );
}
