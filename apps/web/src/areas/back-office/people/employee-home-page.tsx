import {
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
  Group,
} from '@mantine/core';
import { formatRupees } from '@bazaar/shared';
import { IconCreditCard, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../../api/accounts/session';
import { useCustomerSummary } from '../../../api/customers/get-customers';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { usePageTitle } from '../../../components/use-page-title';
import { CreateRequestForm, MyRequests } from './create-request-page';

function Tile({
  label,
  value,
  icon,
  to,
}: {
  label: string;
  value: ReactNode;
  icon: ReactNode;
  to?: string;
}) {
  const body = (
    <Paper withBorder radius="md" p="lg" h="100%">
      <Group wrap="nowrap" gap="md">
        <ThemeIcon size={48} radius="md" variant="light" aria-hidden="true">
          {icon}
        </ThemeIcon>
        <Stack gap={2}>
          <Text c="dimmed" fz="sm" fw={600} tt="uppercase">
            {label}
          </Text>
          <Text fz={26} fw={700} lh={1.2}>
            {value}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
  return to ? (
    <UnstyledButton component={Link} to={to} aria-label={label}>
      {body}
    </UnstyledButton>
  ) : (
    body
  );
}

/**
 * `/employeeHome` (docs/back-office-people.md): the Total Customer count (to the customer
 * list) and Total Credit (dues of open bills) tiles, the Create Request form, and the
 * employee's own requests with their status.
 */
export function EmployeeHomePage() {
  usePageTitle('Employee home');
  const { user } = useSession();
  const summary = useCustomerSummary();
  return (
    <Stack gap="xl" maw={1100}>
      <Title order={1} fz={{ base: 22, sm: 26 }}>
        Welcome{user ? `, ${user.name}` : ''}
      </Title>
      {summary.isError ? (
        <TechnicalErrorAlert onRetry={() => void summary.refetch()} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Tile
            label="Total Customer"
            to="/employeeTotalCustomer"
            icon={<IconUsers size={26} />}
            value={summary.data ? summary.data.totalCustomers : <Skeleton h={28} w={60} />}
          />
          <Tile
            label="Total Credit"
            icon={<IconCreditCard size={26} />}
            value={
              summary.data ? (
                formatRupees(summary.data.totalCreditPaise)
              ) : (
                <Skeleton h={28} w={120} />
              )
            }
          />
        </SimpleGrid>
      )}
      <CreateRequestForm />
      <MyRequests />
    </Stack>
  );
}
