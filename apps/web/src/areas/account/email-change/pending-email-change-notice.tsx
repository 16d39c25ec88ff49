import { Alert } from '@mantine/core';
import { formatDisplayDate } from '@bazaar/shared';
import { usePendingEmailChange } from '../../../api/accounts/email-change';

/**
 * "Email change to x pending verification" on the customer's profile (docs/security.md "Changing
 * a customer's email"): staff changed the email, and the account keeps signing in with the
 * current one until the link mailed to the new address is opened. Nothing when none is pending
 * or the answer failed (the profile itself stays usable).
 */
export function PendingEmailChangeNotice() {
  const pending = usePendingEmailChange().data?.pending;
  if (!pending) return null;
  return (
    <Alert color="orange" title={`Email change to ${pending.email} pending verification`}>
      We have mailed a link to {pending.email}; it is valid until{' '}
      {formatDisplayDate(pending.expiresAt)}. Until it is opened, log in with your current email. If
      you did not ask for this change, contact the shop.
    </Alert>
  );
}
