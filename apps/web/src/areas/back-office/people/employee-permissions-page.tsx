import { Alert, Button, Checkbox, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import {
  EMPLOYEE_PERMISSIONS,
  EMPLOYEE_PERMISSION_LABELS,
  TOAST_AUTO_CLOSE_MS,
  formatDisplayDate,
  type EmployeePermission,
  type EmployeePermissionsTable,
} from '@bazaar/shared';
import { useState } from 'react';
import {
  useEmployeePermissions,
  useSaveEmployeePermissions,
} from '../../../api/employee-permissions/employee-permissions';
import { ConfirmModal } from '../../../components/confirm-modal';
import { notify } from '../../../components/notify';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { useErrorDialog } from '../../../components/technical-error-dialog';
import { usePageTitle } from '../../../components/use-page-title';
import { PeoplePageHeader } from './people-page';

type Draft = Record<string, ReadonlySet<EmployeePermission>>;

function draftOf(table: EmployeePermissionsTable): Draft {
  return Object.fromEntries(table.titles.map((row) => [row.jobTitle, new Set(row.permissions)]));
}

/** The job titles whose ticks differ from the saved table. */
function changedTitles(table: EmployeePermissionsTable, draft: Draft): string[] {
  return table.titles
    .filter((row) =>
      EMPLOYEE_PERMISSIONS.some(
        (permission) =>
          row.permissions.includes(permission) !== draft[row.jobTitle]!.has(permission),
      ),
    )
    .map((row) => row.jobTitle);
}

/**
 * `/employeePermissions` (admin; docs/back-office-people.md "Roles and permissions"): a table of
 * job titles (rows) by permissions (columns) with a checkbox each. Save asks for confirmation,
 * then saves the changed rows (audited); employees get the change on their next request.
 */
function PermissionsEditor({ table }: { table: EmployeePermissionsTable }) {
  const save = useSaveEmployeePermissions();
  const { showError, errorDialog } = useErrorDialog();
  const [draft, setDraft] = useState<Draft>(() => draftOf(table));
  const [confirming, setConfirming] = useState(false);
  const changed = changedTitles(table, draft);

  const toggle = (jobTitle: string, permission: EmployeePermission, on: boolean) => {
    setDraft((current) => {
      const next = new Set(current[jobTitle]);
      if (on) next.add(permission);
      else next.delete(permission);
      return { ...current, [jobTitle]: next };
    });
  };

  const handleSave = () => {
    save.mutate(
      {
        titles: changed.map((jobTitle) => ({
          jobTitle: jobTitle as EmployeePermissionsTable['titles'][number]['jobTitle'],
          permissions: EMPLOYEE_PERMISSIONS.filter((permission) =>
            draft[jobTitle]!.has(permission),
          ),
        })),
      },
      {
        onSuccess: (saved) => {
          setConfirming(false);
          setDraft(draftOf(saved));
          void notify({
            color: 'green',
            message: 'Permissions saved',
            autoClose: TOAST_AUTO_CLOSE_MS,
          });
        },
        onError: (error) => {
          setConfirming(false);
          showError(error);
        },
      },
    );
  };

  return (
    <>
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={860} type="native">
          <Table
            striped
            highlightOnHover
            verticalSpacing="sm"
            aria-label="Permissions per job title"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Job title</Table.Th>
                {EMPLOYEE_PERMISSIONS.map((permission) => (
                  <Table.Th key={permission} ta="center" fz="xs" maw={110}>
                    {EMPLOYEE_PERMISSION_LABELS[permission]}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {table.titles.map((row) => (
                <Table.Tr key={row.jobTitle}>
                  <Table.Td>
                    <Text fw={600} fz="sm">
                      {row.jobTitle}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {row.updatedAt
                        ? `Changed ${formatDisplayDate(row.updatedAt)}${row.updatedByName ? ` by ${row.updatedByName}` : ''}`
                        : 'Defaults'}
                    </Text>
                  </Table.Td>
                  {EMPLOYEE_PERMISSIONS.map((permission) => (
                    <Table.Td key={permission} ta="center">
                      <Checkbox
                        mx="auto"
                        w="fit-content"
                        checked={draft[row.jobTitle]!.has(permission)}
                        onChange={(event) =>
                          toggle(row.jobTitle, permission, event.currentTarget.checked)
                        }
                        aria-label={`${row.jobTitle}: ${EMPLOYEE_PERMISSION_LABELS[permission]}`}
                      />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <Group justify="space-between" wrap="wrap">
        <Text fz="sm" c="dimmed">
          {changed.length === 0 ? 'No unsaved changes' : `Unsaved changes: ${changed.join(', ')}`}
        </Text>
        <Group gap="sm">
          <Button
            variant="default"
            disabled={changed.length === 0}
            onClick={() => setDraft(draftOf(table))}
          >
            Undo changes
          </Button>
          <Button disabled={changed.length === 0} onClick={() => setConfirming(true)}>
            Save
          </Button>
        </Group>
      </Group>
      <ConfirmModal
        opened={confirming}
        title="Save permissions"
        confirmLabel="Save"
        color="blue"
        loading={save.isPending}
        onConfirm={handleSave}
        onClose={() => setConfirming(false)}
      >
        Change what {changed.join(', ')} may do? Employees with{' '}
        {changed.length === 1 ? 'this job title' : 'these job titles'} get the change on their next
        action.
      </ConfirmModal>
      {errorDialog}
    </>
  );
}

export function EmployeePermissionsPage() {
  usePageTitle('Roles and permissions');
  const query = useEmployeePermissions();
  return (
    <Stack gap="md" maw={1280}>
      <PeoplePageHeader title="Roles and permissions" backTo="/viewEmployees" />
      <Alert color="blue" variant="light">
        What employees of each job title may do. The admin is never limited; reading customers,
        bills and stock and printing stay open to every employee.
      </Alert>
      {query.isError && !query.data ? (
        <TechnicalErrorAlert onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <Skeleton h={240} radius="md" />
      ) : (
        // A fresh editor when the saved table changes (its ticks start from it).
        <PermissionsEditor key={JSON.stringify(query.data)} table={query.data} />
      )}
    </Stack>
  );
}
