import {
  Anchor,
  Container,
  Grid,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Group,
} from '@mantine/core';
import { IconClock, IconMail, IconMapPin, IconPhone, type Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { SITE } from '../../../config/site';
import { usePageTitle } from '../../../components/use-page-title';
import { ContactForm } from './contact-form';
import { ContactIllustration } from './contact-illustration';

function ContactFact({
  icon: FactIcon,
  label,
  children,
}: {
  icon: Icon;
  label: string;
  children: ReactNode;
}) {
  return (
    <Group wrap="nowrap" align="flex-start" gap="md">
      <ThemeIcon size={40} radius="md" variant="light">
        <FactIcon size={22} stroke={1.6} aria-hidden="true" />
      </ThemeIcon>
      <div>
        <Text fz="xs" tt="uppercase" fw={700} c="dimmed">
          {label}
        </Text>
        {children}
      </div>
    </Group>
  );
}

/** `/ContactUS` (docs/catalog.md): phone, address, email, an image and the contact form. */
export function ContactPage() {
  usePageTitle('Contact us');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Contact us</Title>
      <Text c="dimmed" mt={4} mb="xl" maw={640}>
        Questions about an order, a return or selling on {SITE.brand}? Call us, write to us or send
        the form below.
      </Text>

      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder radius="md" p="lg">
            <Stack gap="lg">
              <ContactIllustration />
              <ContactFact icon={IconPhone} label="Phone">
                <Anchor href={SITE.phone.href} fw={600}>
                  {SITE.phone.display}
                </Anchor>
              </ContactFact>
              <ContactFact icon={IconMail} label="Email">
                <Anchor href={`mailto:${SITE.email}`} fw={600}>
                  {SITE.email}
                </Anchor>
              </ContactFact>
              <ContactFact icon={IconMapPin} label="Registered office">
                <Text component="address" fw={500} style={{ fontStyle: 'normal' }}>
                  {SITE.office.lines.map((line) => (
                    <span key={line}>
                      {line}
                      <br />
                    </span>
                  ))}
                </Text>
              </ContactFact>
              <ContactFact icon={IconClock} label="Customer care hours">
                <Text fw={500}>{SITE.supportHours}</Text>
              </ContactFact>
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <ContactForm />
        </Grid.Col>
      </Grid>
    </Container>
  );
}
