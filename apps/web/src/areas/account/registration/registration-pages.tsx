import { Container } from '@mantine/core';
import { useLocation } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { DRAFT_FIELDS, type RegistrationDraft } from './registration-draft';
import { RegistrationFlow } from './registration-flow';

function draftFrom(state: unknown): RegistrationDraft | undefined {
  if (typeof state !== 'object' || state === null || !('draft' in state)) return undefined;
  const draft = (state as { draft: unknown }).draft;
  if (typeof draft !== 'object' || draft === null) return undefined;
  // Only string values of the known fields; history state is not ours alone.
  return Object.fromEntries(
    Object.entries(draft).filter(
      ([key, value]) =>
        typeof value === 'string' && (DRAFT_FIELDS as readonly string[]).includes(key),
    ),
  ) as RegistrationDraft;
}

/** `/CustomerRegistration` (docs/accounts.md): sign-up of a customer. */
export function CustomerRegistrationPage() {
  usePageTitle('Sign up');
  const location = useLocation();
  return (
    <Container size="md" py={{ base: 'lg', sm: 'xl' }}>
      <RegistrationFlow kind="customer" draft={draftFrom(location.state)} />
    </Container>
  );
}

/** `/SellerRegistration`: sign-up of a seller with the shop's details and an emailed OTP. */
export function SellerRegistrationPage() {
  usePageTitle('Register your shop');
  const location = useLocation();
  return (
    <Container size="md" py={{ base: 'lg', sm: 'xl' }}>
      <RegistrationFlow kind="seller" draft={draftFrom(location.state)} />
    </Container>
  );
}
