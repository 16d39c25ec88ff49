import { ActionIcon, Badge, Button, Group, Stack, Table, Tooltip } from '@mantine/core';
import {
  BACK_OFFICE_PAGE_SIZE,
  PEOPLE_MESSAGES,
  maskedAadhaar,
  type Employee,
} from '@bazaar/shared';
import { IconId, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  employeeIdProofUrl,
  useDisableEmployee,
  useEmployees,
} from '../../../api/employees/employees';
import { notify } from '../../../components/notify';
import { usePageTitle } from '../../../components/use-page-title';
import { ConfirmModal } from '../../../components/confirm-modal';
import { useErrorDialog } from '../../../components/technical-error-dialog';
import {
  ListSearch,
  PeoplePageHeader,
  pagedTable,
  PeopleTable,
  useListParams,
} from './people-page';

/**
 * `/viewEmployees` (admin; docs/back-office-people.md "Employees"): Total Employees, a search over
 * name, mobile, alt mobile, house mobile, role, landmark, locality and city; Sl. No, Name, Mobile,
 * Alt mobile, Home Mobile, Aadhar number (last four digits only), Role, Locality, Landmark, City, Pincode; Disable with a
 * confirmation; the id-card icon (View id proof) downloads the proof (admin only, never a public
 * URL); Back to /adminHome.
 */
export function EmployeeListPage() {
  usePageTitle('Total employees');
  const list = useListParams();
  const query = useEmployees(list.search, list.page);
  const disable = useDisableEmployee();
  const { showError, errorDialog } = useErrorDialog();
  const [disabling, setDisabling] = useState<Employee | null>(null);
  const data = query.data;

  const confirmDisable = () => {
    if (!disabling) return;
    disable.mutate(disabling.id, {
      onSuccess: () => {
        void notify({ color: 'green', message: PEOPLE_MESSAGES.employeeDisabled, autoClose: 3000 });
        setDisabling(null);
      },
      onError: (error) => {
        setDisabling(null);
        showError(error);
      },
    });
  };

  return (
    <Stack gap="md" maw={1400}>
      <PeoplePageHeader title="Total Employees" backTo="/adminHome">
        <Button component={Link} to="/createEmployess" leftSection={<IconUserPlus size={16} />}>
          Create
        </Button>
      </PeoplePageHeader>
      <ListSearch value={list.typed} onChange={list.setTyped} placeholder="Search employee" />
      <PeopleTable
        {...pagedTable(query, list.page, list.setPage)}
        empty={list.search ? 'No employee matches this search' : 'No employees yet'}
        minWidth={960}
        head={
          <Table.Tr>
            <Table.Th>Sl. No</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Mobile</Table.Th>
            <Table.Th>Alt mobile</Table.Th>
            <Table.Th>Home Mobile</Table.Th>
            <Table.Th>Aadhar number</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Locality</Table.Th>
            <Table.Th>Landmark</Table.Th>
            <Table.Th>City</Table.Th>
            <Table.Th>Pincode</Table.Th>
            <Table.Th>Access</Table.Th>
          </Table.Tr>
        }
        rows={data?.items.map((employee, index) => (
          <Table.Tr key={employee.id}>
            <Table.Td>{(list.page - 1) * BACK_OFFICE_PAGE_SIZE + index + 1}</Table.Td>
            <Table.Td fw={500}>{employee.name}</Table.Td>
            <Table.Td>{employee.mobile ?? '—'}</Table.Td>
            <Table.Td>{employee.altMobile ?? '—'}</Table.Td>
            <Table.Td>{employee.houseMobile ?? '—'}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              {employee.aadhaarLastFour ? maskedAadhaar(employee.aadhaarLastFour) : '—'}
            </Table.Td>
            <Table.Td>{employee.employeeRole ?? '—'}</Table.Td>
            <Table.Td>{employee.locality || '—'}</Table.Td>
            <Table.Td>{employee.landmark || '—'}</Table.Td>
            <Table.Td>{employee.city || '—'}</Table.Td>
            <Table.Td>{employee.pincode || '—'}</Table.Td>
            <Table.Td>
              <Group gap={6}>
                {employee.hasIdProof && (
                  <Tooltip label="View id proof">
                    <ActionIcon
                      component="a"
                      href={employeeIdProofUrl(employee.id)}
                      download
                      variant="light"
                      aria-label={`View id proof of ${employee.name}`}
                    >
                      <IconId size={16} />
                    </ActionIcon>
                  </Tooltip>
                )}
                {employee.disabledAt ? (
                  <Badge color="gray" variant="light">
                    Disabled
                  </Badge>
                ) : (
                  <Button
                    size="compact-sm"
                    color="red"
                    variant="light"
                    onClick={() => setDisabling(employee)}
                    aria-label={`Disable ${employee.name}`}
                  >
                    Disable
                  </Button>
                )}
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      />
      <ConfirmModal
        opened={disabling !== null}
        title="Disable employee"
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
