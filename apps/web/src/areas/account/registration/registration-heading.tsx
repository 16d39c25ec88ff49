import { Anchor, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { ROLE_AREAS } from '@bazaar/shared';
import { Link } from 'react-router';
import classes from './registration-flow.module.css';

const KIND_OPTIONS = [
  { value: 'customer', label: 'Customer' },
  { value: 'seller', label: 'Seller (register your shop)' },
];

/**
 * The top of the sign-up page: its title, the link to this kind's login, and the switch between
 * the customer and seller forms (`onSwitch` gets the other kind).
 */
export function RegistrationHeading({
  kind,
  onSwitch,
}: {
  kind: 'customer' | 'seller';
  onSwitch: (kind: 'customer' | 'seller') => void;
}) {
  return (
    <>
      <Stack gap={6}>
        <Title order={1} fz={{ base: 28, sm: 34 }}>
          {kind === 'seller' ? 'Register your shop' : 'Create your account'}
        </Title>
        <Text c="dimmed">
          Already registered?{' '}
          <Anchor component={Link} to={ROLE_AREAS[kind].loginPath} fw={600}>
            Log in
          </Anchor>
        </Text>
      </Stack>

      <SegmentedControl
        value={kind}
        onChange={(next) => {
          if (next !== kind) onSwitch(next === 'seller' ? 'seller' : 'customer');
        }}
        data={KIND_OPTIONS}
        fullWidth
        size="md"
        aria-label="Register as"
        classNames={{ label: classes.kindLabel }}
      />
    </>
  );
}
