import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, NumberInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  CustomerUpdateSchema,
  PEOPLE_MESSAGES,
  SAMPLE_CUSTOMER_GSTIN,
  gstinMatchesState,
  gstinStateMismatchMessage,
  type WholesaleCustomer,
} from '@bazaar/shared';
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
  gstin: string;
}

function EditForm({
  customer,
  canSetCreditLimit,
  onClose,
  onError,
}: {
  customer: WholesaleCustomer;
  canSetCreditLimit: boolean;
  onClose: () => void;
  onError: (error: unknown) => void;
}) {
  const update = useUpdateCustomer();
  // Rupees as typed; '' removes the limit (docs/back-office-ledger.md "Credit limit").
  const [creditLimit, setCreditLimit] = useState<number | string>(
    customer.creditLimitPaise === null ? '' : customer.creditLimitPaise / 100,
  );
  const form = useForm<EditValues>({
    mode: 'controlled',
    initialValues: {
      name: customer.name,
      email: customer.email,
      mobile: customer.mobile,
      altMobile: customer.altMobile ?? '',
      shopName: customer.shopName,
      gstin: customer.gstin ?? '',
    },
    validate: (values) => {
      const errors: Record<string, ReactNode> = {
        ...schemaResolver(CustomerUpdateSchema, { sync: true })(values),
      };
      // The same rule as the server's: a GSTIN of the customer's (stored) state.
      const gstin = values.gstin.trim().toUpperCase();
      if (!errors.gstin && gstin && !gstinMatchesState(gstin, customer.state)) {
        errors.gstin = gstinStateMismatchMessage(gstin, customer.state);
      }
      return errors;
    },
  });
  const handleSubmit = form.onSubmit((values) => {
    const rupees = typeof creditLimit === 'number' ? creditLimit : Number.parseFloat(creditLimit);
    const creditLimitPaise = Number.isFinite(rupees) ? Math.round(rupees * 100) : null;
    update.mutate(
      {
        customerId: customer.id,
        changes: canSetCreditLimit ? { ...values, creditLimitPaise } : values,
      },
      {
        onSuccess: (saved) => {
          void notify({
            color: 'green',
            message: PEOPLE_MESSAGES.customerUpdated,
            autoClose: 3000,
          });
          // A new email waits for the customer to confirm it (docs/security.md "Changing a
          // customer's email"): the answer still carries the current one.
          const asked = values.email.trim().toLowerCase();
          if (saved.email.toLowerCase() !== asked) {
            void notify({
              color: 'blue',
              message: `We have mailed ${asked} a link to confirm it; ${saved.email} stays the login email until then.`,
              autoClose: 8000,
            });
          }
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
        <TextInput
          label="GST No"
          placeholder={`Optional, e.g. ${customer.state === 'Bihar' ? SAMPLE_CUSTOMER_GSTIN : '15 characters'}`}
          description={`A registration of ${customer.state}`}
          maxLength={15}
          {...form.getInputProps('gstin')}
        />
        {canSetCreditLimit && (
          <NumberInput
            label="Credit limit (₹)"
            description="Optional: Add New Purchase warns above it; empty means none"
            min={0}
            decimalScale={2}
            thousandSeparator=","
            thousandsGroupStyle="lakh"
            value={creditLimit}
            onChange={setCreditLimit}
            error={form.errors.creditLimitPaise}
          />
        )}
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
 * Shop name, GST No (of the customer's state: docs/gst.md "Place of supply"), for the admin the
 * Credit limit (docs/back-office-ledger.md), Cancel and Save. Field refusals (taken email or
 * mobile) stay on the fields.
 */
export function EditCustomerModal({
  customer,
  canSetCreditLimit = false,
  onClose,
  onError,
}: {
  customer: WholesaleCustomer | null;
  /** Show Credit limit (the admin's list). */
  canSetCreditLimit?: boolean;
  onClose: () => void;
  onError: (error: unknown) => void;
}) {
  return (
    <Modal opened={customer !== null} onClose={onClose} title="Edit customer" centered>
      {customer && (
        <EditForm
          key={customer.id}
          customer={customer}
          canSetCreditLimit={canSetCreditLimit}
          onClose={onClose}
          onError={onError}
        />
      )}
    </Modal>
  );
}
