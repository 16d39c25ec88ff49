import {
  Badge,
  Button,
  Collapse,
  Container,
  Group,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  formatDisplayDate,
  isTwoFactorRole,
  ROLE_AREAS,
  type Profile,
  type Role,
} from '@bazaar/shared';
import { IconKey, IconMapPin, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useProfile } from '../../../api/accounts/profile';
import { useSession } from '../../../api/accounts/session';
import { SessionsPanel } from '../../../components/account-sessions/sessions-panel';
import { PageLoader } from '../../../components/page-loader';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { usePageTitle } from '../../../components/use-page-title';
import { AddressPanel } from './address-panel';
import { BusinessProfilePanel } from './business-profile-panel';
import { ChangePasswordPanel } from './change-password-panel';
import { CustomerProfileForm } from './customer-profile-form';
import { ProfileFieldList, ProfileFieldRow, type EditableField } from './profile-field-row';
import { ShopCard } from './shop-card';
import { TwoFactorPanel } from './two-factor-panel';
import { PATHS } from '../../../config/site';
import { PendingEmailChangeNotice } from '../email-change/pending-email-change-notice';

interface RowSpec {
  label: string;
  value: (profile: Profile) => string | null;
  /** Editable rows name their field; the rest are read-only. */
  field?: EditableField;
  display?: (value: string) => ReactNode;
}

const groupDigits = (value: string) => value.replace(/(\d{4})(?=\d)/g, '$1 ');

const NAME: RowSpec = { label: 'Name', value: (p) => p.name, field: 'name' };
const EMAIL: RowSpec = { label: 'Email', value: (p) => p.email };
const MOBILE: RowSpec = { label: 'Mobile', value: (p) => p.mobile, field: 'mobile' };
const GENDER: RowSpec = { label: 'Gender', value: (p) => p.gender, field: 'gender' };
const BIRTH: RowSpec = {
  label: 'Date of birth',
  value: (p) => p.dateOfBirth,
  field: 'dateOfBirth',
  display: (value) => formatDisplayDate(value),
};
const AADHAAR: RowSpec = {
  label: 'Aadhaar number',
  value: (p) => p.aadhaarNumber,
  field: 'aadhaarNumber',
  display: groupDigits,
};
/** Read-only for everyone: the seller sets a support admin's, the admin an employee's. */
const JOB_TITLE: RowSpec = { label: 'Role', value: (p) => p.jobTitle };

/**
 * The rows of each staff profile: the support admin's are the spec's (docs/accounts.md),
 * the others follow the account's fields. An employee's role and Aadhaar are the admin's to set,
 * a support admin's role the seller's.
 */
const ROWS: Record<Exclude<Role, 'customer'>, RowSpec[]> = {
  admin: [NAME, EMAIL, MOBILE, GENDER],
  seller: [NAME, EMAIL, MOBILE, GENDER],
  support_admin: [NAME, EMAIL, MOBILE, BIRTH, AADHAAR, JOB_TITLE],
  employee: [NAME, EMAIL, MOBILE, GENDER, JOB_TITLE, { ...AADHAAR, field: undefined }],
  delivery: [NAME, EMAIL, MOBILE, GENDER, BIRTH],
};

/** Roles whose profile has an address of their own (a support admin works at the shop's). */
const HAS_ADDRESS: Record<Exclude<Role, 'customer'>, boolean> = {
  admin: true,
  seller: true,
  support_admin: false,
  employee: true,
  delivery: true,
};

function Section({
  title,
  id,
  children,
  action,
}: {
  title: string;
  id: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby={id}
    >
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="h4" id={id}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Paper>
  );
}

function ProfileHeader({ profile }: { profile: Profile }) {
  return (
    <Group gap="md" wrap="nowrap">
      <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true">
        <IconUser size={30} />
      </ThemeIcon>
      <Stack gap={4}>
        <Title order={1} fz="h2">
          {profile.name}
        </Title>
        <Group gap="xs">
          <Badge variant="light">{ROLE_AREAS[profile.role].label}</Badge>
          <Text fz="sm" c="dimmed">
            Member since {formatDisplayDate(profile.createdAt)}
          </Text>
        </Group>
      </Stack>
    </Group>
  );
}

function PasswordSection() {
  const [opened, panel] = useDisclosure(false);
  return (
    <Section
      title="Password"
      id="profile-password"
      action={
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconKey size={16} />}
          onClick={panel.toggle}
          aria-expanded={opened}
          aria-controls="change-password-panel"
        >
          Change Password
        </Button>
      }
    >
      <Collapse expanded={opened} id="change-password-panel">
        {opened && <ChangePasswordPanel onDone={panel.close} />}
      </Collapse>
      {!opened && (
        <Text fz="sm" c="dimmed">
          Verify your current password, then choose a new one.
        </Text>
      )}
    </Section>
  );
}

/** Signed-in browsers of the account (docs/accounts.md): components/account-sessions. */
function SessionsSection() {
  return (
    <Section title="Signed-in browsers" id="profile-sessions">
      <SessionsPanel />
    </Section>
  );
}

/**
 * The customer's saved delivery addresses live on their own page (`/CustomerAddresses`,
 * docs/accounts.md); the profile's delivery address is the default one among them.
 */
function SavedAddressesSection() {
  return (
    <Section
      title="Saved addresses"
      id="profile-saved-addresses"
      action={
        <Button
          component={Link}
          to={PATHS.customerAddresses}
          variant="subtle"
          size="compact-sm"
          leftSection={<IconMapPin size={16} />}
        >
          Manage addresses
        </Button>
      }
    >
      <Text fz="sm" c="dimmed">
        Keep more delivery addresses for your orders; the default one is the delivery address above.
      </Text>
    </Section>
  );
}

/** Two-step sign-in (docs/accounts.md): admins, sellers and support admins. */
function TwoFactorSection({ setupRequired }: { setupRequired: boolean }) {
  return (
    <Section title="Two-step sign-in" id="profile-two-step">
      <TwoFactorPanel setupRequired={setupRequired} />
    </Section>
  );
}

function StaffProfile({ profile, role }: { profile: Profile; role: Exclude<Role, 'customer'> }) {
  const { user } = useSession();
  if (user?.twoFactorSetupRequired) {
    // The admin's policy holds this account until two-step sign-in is on: only its setup.
    return (
      <Stack gap="md" maw={900}>
        <ProfileHeader profile={profile} />
        <TwoFactorSection setupRequired />
      </Stack>
    );
  }
  return (
    <Stack gap="md" maw={900}>
      <ProfileHeader profile={profile} />
      <Section title="Profile details" id="profile-details">
        <ProfileFieldList>
          {ROWS[role].map((row) => (
            <ProfileFieldRow
              key={row.label}
              label={row.label}
              field={row.field}
              value={row.value(profile)}
              display={row.display}
            />
          ))}
        </ProfileFieldList>
      </Section>
      {HAS_ADDRESS[role] && (
        <Section title="Address" id="profile-address">
          <AddressPanel address={profile.address} />
        </Section>
      )}
      {role === 'admin' && (
        <Section title="Shop details" id="profile-business">
          <BusinessProfilePanel />
        </Section>
      )}
      {profile.shop && (
        <Section title="Shop" id="profile-shop">
          <ShopCard shop={profile.shop} />
        </Section>
      )}
      <PasswordSection />
      {isTwoFactorRole(role) && <TwoFactorSection setupRequired={false} />}
      <SessionsSection />
    </Stack>
  );
}

/**
 * Every role's profile from one page (`accountsApi.getProfile`): the customer edits a form
 * saved at once (`/CustomerProfile`); staff (`/AdminProfile`, `/SupportAdminProfile`, `/Profile`,
 * `/DeliveryProfile`, `/employeeProfile`) edit row by row, sellers also see their shop; everyone
 * can change the password.
 */
export function ProfilePage() {
  usePageTitle('My profile');
  const profile = useProfile();

  if (profile.isPending) return <PageLoader label="Loading your profile" />;
  if (profile.isError) {
    return (
      <Container size="sm" py="xl">
        <TechnicalErrorAlert onRetry={() => void profile.refetch()} />
      </Container>
    );
  }

  const data = profile.data;
  if (data.role !== 'customer') return <StaffProfile profile={data} role={data.role} />;

  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <ProfileHeader profile={data} />
        <PendingEmailChangeNotice />
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <CustomerProfileForm profile={data} />
        </Paper>
        <SavedAddressesSection />
        <PasswordSection />
        <SessionsSection />
      </Stack>
    </Container>
  );
}
