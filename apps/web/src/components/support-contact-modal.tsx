import { Anchor, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconClock, IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { SITE } from '../config/site';

function ContactRow({
  icon,
  label,
  children,
}: {
  icon: ReactNode;
  label: string;
  children: ReactNode;
}) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" size="lg" aria-hidden="true">
        {icon}
      </ThemeIcon>
      <div>
        <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
          {label}
        </Text>
        {children}
      </div>
    </Group>
  );
}

/** Phone, email, office address and hours: the Support dialog and the seller's `/support` page. */
export function SupportContactDetails() {
  return (
    <Stack gap="md">
      <ContactRow icon={<IconPhone size={18} />} label="Phone">
        <Anchor href={SITE.phone.href}>{SITE.phone.display}</Anchor>
      </ContactRow>
      <ContactRow icon={<IconMail size={18} />} label="Email">
        <Anchor href={`mailto:${SITE.email}`}>{SITE.email}</Anchor>
      </ContactRow>
      <ContactRow icon={<IconMapPin size={18} />} label="Address">
        <Text component="address" fz="sm" fs="normal">
          {SITE.office.oneLine}
        </Text>
      </ContactRow>
      <ContactRow icon={<IconClock size={18} />} label="Hours">
        <Text fz="sm">{SITE.supportHours}</Text>
      </ContactRow>
    </Stack>
  );
}

/** The Support dialog of the login screens (docs/platform.md): phone, email, office. */
export function SupportContactModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Support" centered>
      <Stack gap="md">
        <Text fz="sm">Trouble signing in? Our support team answers {SITE.supportHours}.</Text>
        <SupportContactDetails />
      </Stack>
    </Modal>
  );
}
