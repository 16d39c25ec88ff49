import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { CustomerUpdateSchema, PEOPLE_MESSAGES, type WholesaleCustomer } from '@bazaar/shared';
import { useUpdateCustomer } from '../../../api/customers/save-customer';
import { notify } from '../../../components/notify';
import { showServerFieldErrors } from '../../../components/forms/server-field-errors';
import { MobileInput } from '../../../components/forms/mobile-input';

interface EditValues {
  name: string;
  email: string;
  mobile: string;
  altMobile: string;
  shopName: string;
}

function EditForm({
  customer,
  onClose,
  onError,
}: {
  customer: WholesaleCustomer;
  onClose: () => void;
  onError: (error: unknown) => void;
}) {
  const update = useUpdateCustomer();
  const form = useForm<EditValues>({
    mode: 'controlled',
    initialValues: {
      name: customer.name,
      email: customer.email,
      mobile: customer.mobile,
      altMobile: customer.altMobile ?? '',
      shopName: customer.shopName,
    },
    validate: schemaResolver(CustomerUpdateSchema, { sync: true }),
  });
  const handleSubmit = form.onSubmit((values) => {
    update.mutate(
      { customerId: customer.id, changes: values },
      {
        onSuccess: () => {
          void notify({
            color: 'green',
            message: PEOPLE_MESSAGES.customerUpdated,
            autoClose: 3000,
          });
          onClose();
        },
        onError: (error) => {
          if (!showServerFieldErrors(form, error)) onError(error);
        },
      },
    );
  });
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <TextInput label="Name" withAsterisk data-autofocus {...form.getInputProps('name')} />
        <TextInput label="Email" withAsterisk type="email" {...form.getInputProps('email')} />
        <MobileInput label="Mobile" withAsterisk {...form.getInputProps('mobile')} />
        <MobileInput label="Alt mobile" {...form.getInputProps('altMobile')} />
        <TextInput label="Shop name" withAsterisk {...form.getInputProps('shopName')} />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The customer Edit modal (docs/back-office-people.md): Name, Email, Mobile, Alt mobile,
 * Shop name, Cancel and Save. Field refusals (taken email or mobile) stay on the fields.
 */
export function EditCustomerModal({
  customer,
  onClose,
  onError,
}: {
  customer: WholesaleCustomer | null;
  onClose: () => void;
  onError: (error: unknown) => void;
}) {
  return (
    <Modal opened={customer !== null} onClose={onClose} title="Edit customer" centered>
      {customer && (
        <EditForm key={customer.id} customer={customer} onClose={onClose} onError={onError} />
      )}
    </Modal>
  );
}
