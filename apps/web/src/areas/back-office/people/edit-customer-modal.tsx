import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CustomerUpdateSchema, PEOPLE_MESSAGES, type WholesaleCustomer } from '@bazaar/shared';
import { useUpdateCustomer } from '../../../api/customers/save-customer';
import { notify } from '../../../components/notify';
import { fieldErrorsOf, issueErrors } from './form-errors';

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
  });
  const handleSubmit = form.onSubmit((values) => {
    const checked = CustomerUpdateSchema.safeParse(values);
    if (!checked.success) {
      form.setErrors(issueErrors(checked.error.issues));
      return;
    }
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
          const fields = fieldErrorsOf(error);
          if (fields) form.setErrors(fields);
          else onError(error);
        },
      },
    );
  });
  const digits = (field: 'mobile' | 'altMobile') => ({
    ...form.getInputProps(field),
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      form.setFieldValue(field, event.currentTarget.value.replace(/\D/g, '').slice(0, 10)),
  });
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <TextInput label="Name" withAsterisk data-autofocus {...form.getInputProps('name')} />
        <TextInput label="Email" withAsterisk type="email" {...form.getInputProps('email')} />
        <TextInput label="Mobile" withAsterisk inputMode="numeric" {...digits('mobile')} />
        <TextInput label="Alt mobile" inputMode="numeric" {...digits('altMobile')} />
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
 * The customer Edit modal (back-office.md "Customer list"): Name, Email, Mobile, Alt mobile,
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
