import {
  Alert,
  Badge,
  Button,
  CopyButton,
  Grid,
  Group,
  Modal,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  CreateSupportAdminInputSchema,
  SHOP_OFFICE_MESSAGES,
  SUPPORT_ADMIN_TITLES,
  TOAST_AUTO_CLOSE_MS,
  formatDisplayDate,
  type CreatedSupportAdmin,
  type SupportAdmin,
} from '@bazaar/shared';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import {
  useCreateSupportAdmin,
  useDisableSupportAdmin,
  useSupportAdmins,
} from '../../../api/support-admins/support-admins';
import { showServerFieldErrors } from '../../../components/forms/server-field-errors';
import { notify } from '../../../components/notify';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { TechnicalErrorDialog } from '../../../components/technical-error-dialog';
import { usePageTitle } from '../../../components/use-page-title';
import { ConfirmModal } from '../../../components/confirm-modal';
import { MobileInput } from '../../../components/forms/mobile-input';

interface SupportAdminValues {
  name: string;
  email: string;
  mobile: string;
  dateOfBirth: string;
  aadhaarNumber: string;
  /** null: no role chosen (an empty string would keep the Select's last label shown). */
  jobTitle: string | null;
}

const EMPTY: SupportAdminValues = {
  name: '',
  email: '',
  mobile: '',
  dateOfBirth: '',
  aadhaarNumber: '',
  jobTitle: null,
};

/** The generated password, shown this once (docs/shop-office.md "Support admins"). */
function PasswordModal({
  created,
  onClose,
}: {
  created: CreatedSupportAdmin | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={created !== null} onClose={onClose} title="Support admin created" centered>
      {created && (
        <Stack>
          <Text>
            {created.supportAdmin.name} can log in at the support admin login with{' '}
            <b>{created.supportAdmin.email}</b> and this password:
          </Text>
          <Group gap="sm">
            <Text ff="monospace" fz="xl" fw={700} data-testid="generated-password">
              {created.password}
            </Text>
            <CopyButton value={created.password}>
              {({ copied, copy }) => (
                <Button
                  size="xs"
                  variant="light"
                  leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                  onClick={copy}
                >
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Alert color="yellow" variant="light">
            Note this password now: it is shown only once. It has also been emailed to the new
            support admin.
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function CreateForm({ onCreated }: { onCreated: (created: CreatedSupportAdmin) => void }) {
  const create = useCreateSupportAdmin();
  const [technical, setTechnical] = useState(false);
  const form = useForm<SupportAdminValues>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: schemaResolver(CreateSupportAdminInputSchema, { sync: true }),
  });

  const handleSubmit = form.onSubmit((values) => {
    create.mutate(CreateSupportAdminInputSchema.parse(values), {
      onSuccess: (created) => {
        form.reset();
        void notify({
          color: 'green',
          message: created.message,
          autoClose: TOAST_AUTO_CLOSE_MS,
        });
        onCreated(created);
      },
      onError: (error) => {
        if (!showServerFieldErrors(form, error)) setTechnical(true);
      },
    });
  });

  return (
    <Paper withBorder radius="md" p="md">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <Title order={3}>New support admin</Title>
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="Name" required {...form.getInputProps('name')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="Email" type="email" required {...form.getInputProps('email')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <MobileInput label="Mobile" required {...form.getInputProps('mobile')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Date of birth"
                type="date"
                required
                {...form.getInputProps('dateOfBirth')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Aadhaar number"
                inputMode="numeric"
                maxLength={12}
                required
                {...form.getInputProps('aadhaarNumber')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Select
                label="Role"
                placeholder={SHOP_OFFICE_MESSAGES.chooseRole}
                data={[...SUPPORT_ADMIN_TITLES]}
                required
                {...form.getInputProps('jobTitle')}
              />
            </Grid.Col>
          </Grid>
          <Text fz="xs" c="dimmed">
            A password is generated, shown to you once and emailed to the new support admin.
          </Text>
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending}>
              Create support admin
            </Button>
          </Group>
        </Stack>
      </form>
      <TechnicalErrorDialog opened={technical} onClose={() => setTechnical(false)} />
    </Paper>
  );
}

function AdminList() {
  const admins = useSupportAdmins();
  const disable = useDisableSupportAdmin();
  const [disabling, setDisabling] = useState<SupportAdmin | null>(null);
  const [technical, setTechnical] = useState(false);

  const confirmDisable = () => {
    if (!disabling) return;
    disable.mutate(disabling.id, {
      onSuccess: () => {
        setDisabling(null);
        void notify({
          color: 'green',
          message: SHOP_OFFICE_MESSAGES.supportAdminDisabled,
          autoClose: TOAST_AUTO_CLOSE_MS,
        });
      },
      onError: () => {
        setDisabling(null);
        setTechnical(true);
      },
    });
  };

  return (
    <Stack gap="sm">
      <Title order={3}>Your support admins</Title>
      {admins.isError ? (
        <TechnicalErrorAlert onRetry={() => void admins.refetch()} />
      ) : admins.isPending ? (
        <Skeleton h={120} />
      ) : admins.data.length === 0 ? (
        <Paper withBorder radius="md" p="lg">
          <Text c="dimmed" ta="center">
            No support admins yet. Create one above to share the order work.
          </Text>
        </Paper>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>S.no</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Mobile</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {admins.data.map((admin, index) => (
                <Table.Tr key={admin.id}>
                  <Table.Td>{index + 1}</Table.Td>
                  <Table.Td fw={600}>{admin.name}</Table.Td>
                  <Table.Td>{admin.email}</Table.Td>
                  <Table.Td>{admin.mobile}</Table.Td>
                  <Table.Td>{admin.jobTitle}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {formatDisplayDate(admin.createdAt)}
                  </Table.Td>
                  <Table.Td>
                    {admin.disabledAt ? (
                      <Badge color="gray" variant="light">
                        Disabled
                      </Badge>
                    ) : (
                      <Button
                        size="xs"
                        color="red"
                        variant="light"
                        onClick={() => setDisabling(admin)}
                      >
                        Disable
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ConfirmModal
        opened={disabling !== null}
        title="Disable support admin?"
        confirmLabel="Disable"
        loading={disable.isPending}
        onConfirm={confirmDisable}
        onClose={() => setDisabling(null)}
      >
        {`${disabling?.name ?? ''} will be signed out at once and can no longer log in.`}
      </ConfirmModal>
      <TechnicalErrorDialog opened={technical} onClose={() => setTechnical(false)} />
    </Stack>
  );
}

/**
 * The seller's `/SupportAdminRegistration` ("Create Admin", docs/shop-office.md): the form (name,
 * email, mobile, date of birth, Aadhaar, role) with the generated password shown once, and the
 * shop's support admins with Disable after a confirmation.
 */
export function SupportAdminsPage() {
  usePageTitle('Create support admin');
  const [created, setCreated] = useState<CreatedSupportAdmin | null>(null);
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Create support admin</Title>
        <Text c="dimmed" fz="sm">
          Support admins handle your shop&apos;s orders and stock with their own login.
        </Text>
      </div>
      <CreateForm onCreated={setCreated} />
      <AdminList />
      <PasswordModal created={created} onClose={() => setCreated(null)} />
    </Stack>
  );
}
