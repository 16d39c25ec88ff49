import { Group, Image, Stack } from '@mantine/core';
import type { Profile } from '@bazaar/shared';
import { IconBuildingStore } from '@tabler/icons-react';
import { ProfileFieldList, ProfileFieldRow } from './profile-field-row';

/** The shop of a seller or support admin, read-only (it changes through the shop's own pages). */
export function ShopCard({ shop }: { shop: NonNullable<Profile['shop']> }) {
  return (
    <Group align="flex-start" gap="lg" wrap="wrap">
      {shop.imageUrl ? (
        <Image
          src={shop.imageUrl}
          alt={`${shop.name} shop`}
          w={160}
          h={160}
          radius="md"
          fit="cover"
        />
      ) : (
        <Stack
          w={160}
          h={160}
          align="center"
          justify="center"
          bg="gray.1"
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
          aria-hidden="true"
        >
          <IconBuildingStore size={48} color="var(--mantine-color-gray-5)" />
        </Stack>
      )}
      <div style={{ flex: '1 1 260px', minWidth: 0 }}>
        <ProfileFieldList>
          <ProfileFieldRow label="Shop name" value={shop.name} />
          <ProfileFieldRow label="GSTIN" value={shop.gstin} />
          <ProfileFieldRow label="Category" value={shop.category} />
          <ProfileFieldRow label="Description" value={shop.description} />
        </ProfileFieldList>
      </div>
    </Group>
  );
}
