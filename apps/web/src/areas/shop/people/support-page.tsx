import { Paper, Stack, Text, Title } from '@mantine/core';
import { SUPPORT_CONTACT } from '@bazaar/shared';
import { SupportContactDetails } from '../../../components/support-contact-modal';
import { usePageTitle } from '../../../components/use-page-title';

/**
 * The seller's `/support` (docs/shop-office.md): the business's support contact details, the same
 * block as the login screens' Support dialog, from the shared SUPPORT_CONTACT that
 * `supportApi.getSupportContact` answers too.
 */
export function SellerSupportPage() {
  usePageTitle('Support');
  return (
    <Stack gap="md" maw={560}>
      <div>
        <Title order={2}>Support</Title>
        <Text c="dimmed" fz="sm">
          Questions about orders, payments or your shop? Our support team answers{' '}
          {SUPPORT_CONTACT.hours}.
        </Text>
      </div>
      <Paper withBorder radius="md" p="lg">
        <SupportContactDetails />
      </Paper>
    </Stack>
  );
}
