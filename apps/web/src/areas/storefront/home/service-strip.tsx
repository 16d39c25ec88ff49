import { Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { SERVICE_STRIP } from '@bazaar/shared';
import {
  IconCertificate,
  IconDiscount2,
  IconHandClick,
  IconHeadset,
  IconHeartHandshake,
  IconTruckDelivery,
  type Icon,
} from '@tabler/icons-react';

type ServiceItem = (typeof SERVICE_STRIP)[number];

const SERVICE_ICONS: Record<ServiceItem, Icon> = {
  'Quality assurance': IconCertificate,
  'Best price': IconDiscount2,
  'Customer trust': IconHeartHandshake,
  'Fast delivery': IconTruckDelivery,
  'Easy to use': IconHandClick,
  'Services & support': IconHeadset,
};

/** The six promises under the sliders (docs/catalog.md). */
export function ServiceStrip() {
  return (
    <Paper component="section" aria-label="Why shop with us" withBorder radius="md" p="lg" my="lg">
      <SimpleGrid
        cols={{ base: 2, sm: 3, lg: 6 }}
        spacing="lg"
        component="ul"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {SERVICE_STRIP.map((item) => {
          const ItemIcon = SERVICE_ICONS[item];
          return (
            <Stack key={item} component="li" align="center" gap={8} ta="center">
              <ThemeIcon size={52} radius="xl" variant="light" color="grape">
                <ItemIcon size={28} stroke={1.5} aria-hidden="true" />
              </ThemeIcon>
              <Text fw={600} fz="sm">
                {item}
              </Text>
            </Stack>
          );
        })}
      </SimpleGrid>
    </Paper>
  );
}
