import {
  ActionIcon,
  Anchor,
  Box,
  Container,
  Divider,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandTwitter,
  IconBrandYoutube,
  IconMail,
  IconMapPin,
  IconPhone,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandLogo } from '../../components/brand-mark';
import { PATHS, SITE } from '../../config/site';
import classes from './site-footer.module.css';

const POLICY_LINKS = [
  { label: 'Return Policy', href: PATHS.returnPolicy },
  { label: 'Privacy Policy', href: PATHS.privacyPolicy },
  { label: 'Cancellation Policy', href: PATHS.cancellationPolicy },
  { label: 'Terms & Conditions', href: PATHS.termCondition },
];

const SOCIAL_LINKS = [
  { label: 'Instagram', href: SITE.social.instagram, Icon: IconBrandInstagram },
  { label: 'Facebook', href: SITE.social.facebook, Icon: IconBrandFacebook },
  { label: 'YouTube', href: SITE.social.youtube, Icon: IconBrandYoutube },
  { label: 'Twitter', href: SITE.social.twitter, Icon: IconBrandTwitter },
];

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={2} className={classes.columnTitle}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * The footer (docs/catalog.md): Users (staff entries), Policies (each in a new tab),
 * social links, the registered office in Patna, phone and email, and the powered-by mark.
 */
export function SiteFooter() {
  return (
    <Box component="footer" className={classes.footer}>
      <Container size="xl" py="xl">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xl">
          <Stack gap="xs">
            <Group gap="xs">
              <BrandLogo size={32} />
              <Text fw={800} fz="lg" c="white">
                {SITE.brand}
              </Text>
            </Group>
            <Text fz="sm" className={classes.muted}>
              {SITE.tagline}. Shop for men, women and kids from local sellers, delivered to your
              door.
            </Text>
            <Group gap={6} mt="xs">
              {SOCIAL_LINKS.map(({ label, href, Icon }) => (
                <ActionIcon
                  key={label}
                  component="a"
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  variant="subtle"
                  color="gray.0"
                  size="lg"
                  aria-label={`${SITE.brand} on ${label} (opens in a new tab)`}
                >
                  <Icon size={22} stroke={1.6} />
                </ActionIcon>
              ))}
            </Group>
          </Stack>

          <FooterColumn title="Users">
            <Anchor component={Link} to={PATHS.employeeLogin} className={classes.link}>
              Employee login
            </Anchor>
            <Anchor component={Link} to={PATHS.deliveryBoy} className={classes.link}>
              Delivery boy
            </Anchor>
          </FooterColumn>

          <FooterColumn title="Policies">
            {POLICY_LINKS.map((link) => (
              <Anchor
                key={link.href}
                href={link.href}
                target="_blank"
                rel="noopener"
                className={classes.link}
                aria-label={`${link.label} (opens in a new tab)`}
              >
                {link.label}
              </Anchor>
            ))}
          </FooterColumn>

          <FooterColumn title="Registered office">
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <IconMapPin size={18} stroke={1.6} className={classes.icon} aria-hidden="true" />
              <Text component="address" fz="sm" className={classes.address}>
                {SITE.office.lines.map((line) => (
                  <span key={line}>
                    {line}
                    <br />
                  </span>
                ))}
              </Text>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <IconPhone size={18} stroke={1.6} className={classes.icon} aria-hidden="true" />
              <Anchor href={SITE.phone.href} className={classes.link}>
                {SITE.phone.display}
              </Anchor>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <IconMail size={18} stroke={1.6} className={classes.icon} aria-hidden="true" />
              <Anchor href={`mailto:${SITE.email}`} className={classes.link}>
                {SITE.email}
              </Anchor>
            </Group>
          </FooterColumn>
        </SimpleGrid>

        <Divider my="lg" color="grape.7" />

        <Group justify="space-between" gap="sm">
          <Text fz="xs" className={classes.muted}>
            © {new Date().getFullYear()} {SITE.legalName}. All rights reserved.
          </Text>
          <Group gap={6} className={classes.poweredBy}>
            <Text fz="xs" className={classes.muted}>
              Powered by
            </Text>
            <BrandLogo size={18} />
            <Text fz="xs" fw={700} c="white">
              {SITE.poweredBy}
            </Text>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
