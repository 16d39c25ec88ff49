import { Button, Grid, Group, NumberInput, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { schemaResolver, useForm } from '@mantine/form';
import {
  COUNTRY,
  CustomerInputSchema,
  DEFAULT_CUSTOMER_STATE,
  SAMPLE_CUSTOMER_GSTIN,
  type CustomerInput,
} from '@bazaar/shared';

/** The ledger's starting point of a new customer (docs/back-office-ledger.md), paise. */
export interface LedgerStart {
  openingBalancePaise: number;
  creditLimitPaise: number | null;
}

/** Rupees typed in a number field as paise ('' is none). */
function paiseOf(rupees: number | string): number | null {
  const value = typeof rupees === 'number' ? rupees : Number.parseFloat(rupees);
  return Number.isFinite(value) ? Math.round(value * 100) : null;
}
import { EMPTY_ADDRESS, type AddressValues } from '../../../components/address-fields';
import { CustomerAddressFields } from './customer-address-fields';
import { showServerFieldErrors } from '../../../components/forms/server-field-errors';
import { MobileInput } from '../../../components/forms/mobile-input';

interface CustomerFormValues extends AddressValues {
  name: string;
  mobile: string;
  altMobile: string;
  email: string;
  shopName: string;
  gstin: string;
}

const EMPTY_CUSTOMER: CustomerFormValues = {
  name: '',
  mobile: '',
  altMobile: '',
  email: '',
  shopName: '',
  gstin: '',
  ...EMPTY_ADDRESS,
  state: DEFAULT_CUSTOMER_STATE,
};

/**
 * The customer's fields (docs/back-office-people.md and the employee's Create Request):
 * name, mobile, alt mobile, email, shop name, GSTIN (optional, of the address's state), and the
 * address in any Indian state with the pincode lookup (docs/gst.md "Place of supply"). Checked with the server's schema before sending; the server's field messages land on
 * the fields; the form clears after a successful save (docs/back-office-people.md).
 * `save` resolves when saved and rejects with the ApiError otherwise; `onError` gets failures
 * that are not about a field.
 */
export function CustomerForm({
  title,
  submitLabel,
  save,
  onError,
  withLedgerStart = false,
}: {
  title: string;
  submitLabel: string;
  save: (input: CustomerInput, ledger: LedgerStart) => Promise<unknown>;
  onError: (error: unknown) => void;
  /** Show Opening balance and Credit limit (creating a customer, not a request). */
  withLedgerStart?: boolean;
}) {
  const [opening, setOpening] = useState<number | string>('');
  const [limit, setLimit] = useState<number | string>('');
  const form = useForm<CustomerFormValues>({
    mode: 'controlled',
    initialValues: EMPTY_CUSTOMER,
    validate: schemaResolver(CustomerInputSchema, { sync: true }),
  });

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      await save(
        { ...values, country: COUNTRY },
        { openingBalancePaise: paiseOf(opening) ?? 0, creditLimitPaise: paiseOf(limit) },
      );
      form.reset();
      setOpening('');
      setLimit('');
    } catch (error) {
      if (!showServerFieldErrors(form, error)) onError(error);
    }
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <form onSubmit={handleSubmit} noValidate aria-label={title}>
        <Stack gap="md">
          <Title order={2} fz="h4">
            {title}
          </Title>
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Name"
                withAsterisk
                maxLength={80}
                autoComplete="off"
                {...form.getInputProps('name')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Shop name"
                withAsterisk
                maxLength={120}
                autoComplete="off"
                {...form.getInputProps('shopName')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <MobileInput
                label="Mobile"
                withAsterisk
                placeholder="10 digits"
                autoComplete="off"
                {...form.getInputProps('mobile')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <MobileInput
                label="Alt mobile"
                placeholder="Optional"
                autoComplete="off"
                {...form.getInputProps('altMobile')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Email"
                withAsterisk
                type="email"
                maxLength={254}
                autoComplete="off"
                {...form.getInputProps('email')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="GST No"
                placeholder={`Optional, e.g. ${SAMPLE_CUSTOMER_GSTIN}`}
                description="Its first two digits are the state's GST code"
                maxLength={15}
                autoComplete="off"
                {...form.getInputProps('gstin')}
              />
            </Grid.Col>
          </Grid>
          <CustomerAddressFields form={form} />
          {withLedgerStart && (
            <Grid gap="md">
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <NumberInput
                  label="Opening balance (₹)"
                  description="What the paper book says is owed today; it cannot be changed later"
                  min={0}
                  decimalScale={2}
                  thousandSeparator=","
                  thousandsGroupStyle="lakh"
                  value={opening}
                  onChange={setOpening}
                  error={form.errors.openingBalancePaise}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <NumberInput
                  label="Credit limit (₹)"
                  description="Optional: Add New Purchase warns above it"
                  min={0}
                  decimalScale={2}
                  thousandSeparator=","
                  thousandsGroupStyle="lakh"
                  value={limit}
                  onChange={setLimit}
                  error={form.errors.creditLimitPaise}
                />
              </Grid.Col>
            </Grid>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => form.reset()}>
              Clear
            </Button>
            <Button type="submit" loading={form.submitting}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
