import { Badge, Button, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  BACK_OFFICE_PAGE_SIZE,
  DeliveryStaffInputSchema,
  PEOPLE_MESSAGES,
  formatDisplayDate,
  type DeliveryStaff,
  type DeliveryStaffInput,
} from '@bazaar/shared';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import {
  useCreateDeliveryStaff,
  useDeliveryStaff,
  useDisableDeliveryStaff,
} from '../../../api/employees/delivery-staff';
import { ConfirmModal } from '../../../components/confirm-modal';
import { MobileInput } from '../../../components/forms/mobile-input';
import { showServerFieldErrors } from '../../../components/forms/server-field-errors';
import { notify } from '../../../components/notify';
import { useErrorDialog } from '../../../components/technical-error-dialog';
import { usePageTitle } from '../../../components/use-page-title';
import { GeneratedPasswordModal } from './generated-password-modal';
import {
  ListSearch,
  PeoplePageHeader,
  pagedTable,
  PeopleTable,
  useListParams,
} from './people-page';

const EMPTY_STAFF: DeliveryStaffInput = { name: '', email: '', mobile: '' };

/**
 * The Add delivery staff dialog: Name, Email (the generated password is sent there) and Mobile,
 * checked by the shared DeliveryStaffInputSchema; the server's field messages (a taken email or
 * mobile) are shown beside the fields. `onCreated` gets the account and its password.
 */
function CreateDeliveryStaffModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (result: { name: string; email: string; password: string }) => void;
}) {
  const create = useCreateDeliveryStaff();
  const { showError, errorDialog } = useErrorDialog();
  const form = useForm<DeliveryStaffInput>({
    mode: 'controlled',
    initialValues: EMPTY_STAFF,
    validate: schemaResolver(DeliveryStaffInputSchema, { sync: true }),
  });

  const handleClose = () => {
    form.reset();
    onClose();
  };

  const handleSubmit = form.onSubmit((values) => {
    create.mutate(values, {
      onSuccess: (result) => {
        form.reset();
        onCreated({
          name: result.deliveryStaff.name,
          email: result.deliveryStaff.email,
          password: result.generatedPassword,
        });
      },
      onError: (error) => {
        if (!showServerFieldErrors(form, error)) showError(error);
      },
    });
  });

  return (
    <>
      <Modal opened={opened} onClose={handleClose} title="Add delivery staff" centered>
        <form onSubmit={handleSubmit} noValidate aria-label="Add delivery staff">
          <Stack gap="sm">
            <TextInput label="Name" withAsterisk maxLength={80} {...form.getInputProps('name')} />
            <TextInput
              label="Email"
              description="The generated password is sent here"
              withAsterisk
              type="email"
              maxLength={254}
              {...form.getInputProps('email')}
            />
            <MobileInput label="Mobile" withAsterisk {...form.getInputProps('mobile')} />
            <Button type="submit" loading={create.isPending}>
              Create
            </Button>
          </Stack>
        </form>
      </Modal>
      {errorDialog}
    </>
  );
}

/**
 * `/deliveryStaff` (admin; docs/back-office-people.md): the delivery staff
 * accounts, 10 a page, with a search over name and mobile; Add delivery staff shows the
 * generated password once (it is also mailed); Disable asks for confirmation first, then signs
 * the person out everywhere.
 */
export function DeliveryStaffPage() {
  usePageTitle('Delivery staff');
  const list = useListParams();
  const query = useDeliveryStaff(list.search, list.page);
  const disable = useDisableDeliveryStaff();
  const { showError, errorDialog } = useErrorDialog();
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<{
    message: string;
    name: string;
    email: string;
    password: string;
  } | null>(null);
  const [disabling, setDisabling] = useState<DeliveryStaff | null>(null);
  const data = query.data;

  const confirmDisable = () => {
    if (!disabling) return;
    disable.mutate(disabling.id, {
      onSuccess: () => {
        void notify({
          color: 'green',
          message: PEOPLE_MESSAGES.deliveryStaffDisabled,
          autoClose: 3000,
        });
        setDisabling(null);
      },
      onError: (error) => {
        setDisabling(null);
        showError(error);
      },
    });
  };

  return (
    <Stack gap="md" maw={1100}>
      <PeoplePageHeader title="Delivery staff" backTo="/adminHome">
        <Button onClick={() => setAdding(true)} leftSection={<IconUserPlus size={16} />}>
          Add delivery staff
        </Button>
      </PeoplePageHeader>
      {data && (
        <Text c="dimmed" fz="sm">
          Total delivery staff: {data.total}
        </Text>
      )}
      <ListSearch
        value={list.typed}
        onChange={list.setTyped}
        placeholder="Search delivery staff by name or mobile"
      />
      <PeopleTable
        {...pagedTable(query, list.page, list.setPage)}
        empty={
          list.search ? 'No delivery staff member matches this search' : 'No delivery staff yet'
        }
        minWidth={720}
        head={
          <Table.Tr>
            <Table.Th>Sl. No</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Mobile</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Added on</Table.Th>
            <Table.Th>Access</Table.Th>
          </Table.Tr>
        }
        rows={data?.items.map((staff, index) => (
          <Table.Tr key={staff.id}>
            <Table.Td>{(list.page - 1) * BACK_OFFICE_PAGE_SIZE + index + 1}</Table.Td>
            <Table.Td fw={500}>{staff.name}</Table.Td>
            <Table.Td>{staff.mobile ?? '—'}</Table.Td>
            <Table.Td>{staff.email}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              {formatDisplayDate(staff.createdAt)}
            </Table.Td>
            <Table.Td>
              {staff.disabledAt ? (
                <Badge color="gray" variant="light">
                  Disabled
                </Badge>
              ) : (
                <Button
                  size="compact-sm"
                  color="red"
                  variant="light"
                  onClick={() => setDisabling(staff)}
                  aria-label={`Disable ${staff.name}`}
                >
                  Disable
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      />
      <CreateDeliveryStaffModal
        opened={adding}
        onClose={() => setAdding(false)}
        onCreated={(result) => {
          setAdding(false);
          setCreated({ message: PEOPLE_MESSAGES.deliveryStaffCreated, ...result });
        }}
      />
      <GeneratedPasswordModal result={created} onClose={() => setCreated(null)} />
      <ConfirmModal
        opened={disabling !== null}
        title="Disable delivery staff member"
        confirmLabel="Disable"
        color="red"
        loading={disable.isPending}
        onConfirm={confirmDisable}
        onClose={() => setDisabling(null)}
      >
        {disabling && (
          <>
            Disable <b>{disabling.name}</b>? They are signed out at once and can no longer log in.
          </>
        )}
      </ConfirmModal>
      {errorDialog}
    </Stack>
  );
}
