import {
  Anchor,
  Box,
  Container,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconExternalLink,
  IconHeartHandshake,
  IconRosetteDiscountCheck,
  IconTruckDelivery,
} from '@tabler/icons-react';
import { usePageTitle } from '../../../components/use-page-title';
import { SITE } from '../../../config/site';
import classes from './about-page.module.css';

const VALUES = [
  {
    icon: IconRosetteDiscountCheck,
    title: 'Quality we stand behind',
    text: 'Every seller is checked before listing, and every product can be returned if it is not what the photos promised.',
  },
  {
    icon: IconHeartHandshake,
    title: 'Fair to buyers and sellers',
    text: 'Honest prices with the discount shown openly, and a fair deal for the local shops that sell with us.',
  },
  {
    icon: IconTruckDelivery,
    title: 'Close to home',
    text: 'Sellers from your own region mean shorter journeys, faster delivery and support that speaks your language.',
  },
];

/** `/AboutUS` (docs/catalog.md): who we are, three value statements, the parent company. */
export function AboutPage() {
  usePageTitle('About us');
  return (
    <>
      <Box className={classes.hero}>
        <Container size="md" py={48}>
          <Title order={1}>About {SITE.brand}</Title>
          <Text mt="sm" fz="lg" className={classes.heroText}>
            An online clothing marketplace from Patna, bringing the shops of Bihar to your phone.
          </Text>
        </Container>
      </Box>

      <Container size="md" py="xl">
        <Stack gap="md">
          <Title order={2}>Who we are</Title>
          <Text>
            {SITE.brand} is the online marketplace of {SITE.legalName}, a textile wholesaler on
            Ashok Rajpath in Patna. For years our fabrics and garments have reached customers
            through neighbourhood shops. Now those same shops list their products here, so you can
            browse kurtas, shirts, sarees and kidswear from many sellers in one place, pay cash on
            delivery or online, and return what does not fit.
          </Text>
          <Text>
            Sellers get a simple shop of their own: product listings, orders, stock and support
            staff, without building a website. We handle payments, delivery and customer care.
          </Text>
        </Stack>

        <Title order={2} mt={40} mb="md">
          What we value
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {VALUES.map(({ icon: ValueIcon, title, text }) => (
            <Paper key={title} withBorder radius="md" p="lg">
              <ThemeIcon size={48} radius="xl" variant="light" color="orange">
                <ValueIcon size={26} stroke={1.6} aria-hidden="true" />
              </ThemeIcon>
              <Title order={3} fz="lg" mt="md">
                {title}
              </Title>
              <Text c="dimmed" fz="sm" mt={6}>
                {text}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>

        <Paper withBorder radius="md" p="lg" mt={40} className={classes.parent}>
          <Title order={2} fz="h4">
            Part of {SITE.parentCompany.name}
          </Title>
          <Text mt={6}>
            {SITE.brand} is run by {SITE.parentCompany.name}, which also supplies fabrics and
            ready-made garments wholesale to shops across Bihar.{' '}
            <Anchor
              href={SITE.parentCompany.url}
              target="_blank"
              rel="noopener noreferrer"
              fw={600}
            >
              Visit {SITE.parentCompany.name}
              <IconExternalLink
                size={14}
                style={{ marginLeft: 4, verticalAlign: 'middle' }}
                aria-label="(opens in a new tab)"
              />
            </Anchor>
          </Text>
        </Paper>
      </Container>
    </>
  );
}
