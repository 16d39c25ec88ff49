import { Stack } from '@mantine/core';
import { BACK_OFFICE_MESSAGES } from '@bazaar/shared';
import { useState } from 'react';
import { useCreateCustomer } from '../../../api/customers/save-customer';
import { usePageTitle } from '../../../components/use-page-title';
import { CustomerForm } from './customer-form';
import { useErrorDialog } from '../../../components/technical-error-dialog';
import { GeneratedPasswordModal } from './generated-password-modal';
import { PeoplePageHeader } from './people-page';

/**
 * `/createCustomer` (admin; docs/back-office-people.md): the form; on
 * success the Confirmed dialog says 'Customer created successfully' and shows the generated
 * password once, and the form clears. Refusals land on the fields (taken email or mobile);
 * other failures open the generic error dialog.
 */
export function CreateCustomerPage() {
  usePageTitle('Create customer');
  const create = useCreateCustomer();
  const { showError, errorDialog } = useErrorDialog();
  const [created, setCreated] = useState<{
    message: string;
    name: string;
    email: string;
    password: string;
  } | null>(null);

  return (
    <Stack gap="lg" maw={960}>
      <PeoplePageHeader title="Create Customer" backTo="/TotalCustomer" />
      <CustomerForm
        title="Customer details"
        submitLabel="Create customer"
        onError={showError}
        withLedgerStart
        save={async (input, ledger) => {
          const result = await create.mutateAsync({ ...input, ...ledger });
          setCreated({
            message: BACK_OFFICE_MESSAGES.customerCreated,
            name: result.customer.name,
            email: result.customer.email,
            password: result.generatedPassword,
          });
        }}
      />
      <GeneratedPasswordModal result={created} onClose={() => setCreated(null)} />
      {errorDialog}
    </Stack>
  );
}
