import { Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { SITE } from '../config/site';

/** The shopping-bag logo, drawn inline so it needs no download. */
export function BrandLogo({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="var(--mantine-color-grape-8)" />
      <path d="M20 24h24l-3 26H23z" fill="#fff" />
      <path
        d="M26 24v-4a6 6 0 0 1 12 0v4"
        fill="none"
        stroke="#fff"
        strokeWidth="4"
        strokeLinecap="round"
      />
      <circle cx="32" cy="36" r="4" fill="var(--mantine-color-orange-6)" />
    </svg>
  );
}

/** Logo and name, linking home. */
export function BrandMark({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <UnstyledButton component={Link} to="/" onClick={onNavigate} aria-label={`${SITE.brand} home`}>
      <Group gap="xs" wrap="nowrap">
        <BrandLogo />
        <div>
          <Text fw={800} fz="xl" lh={1.1} c="grape.9">
            {SITE.brand}
          </Text>
          <Text fz={11} c="dimmed" lh={1.2} visibleFrom="xs">
            {SITE.tagline}
          </Text>
        </div>
      </Group>
    </UnstyledButton>
  );
}
