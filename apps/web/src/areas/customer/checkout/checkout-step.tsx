import { Group, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The radio groups are named for screen readers only (the step titles already say it on screen);
 * a visually hidden label element would still take a line of height, so the label is clipped.
 */
export const HIDDEN_GROUP_LABEL = {
  label: {
    position: 'absolute',
    width: 1,
    height: 1,
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
  },
} as const;

/** One numbered step of the checkout page: "1 Delivery address", a section named by its title. */
export function CheckoutStep({
  index,
  title,
  children,
}: {
  index: number;
  title: string;
  children: ReactNode;
}) {
  const id = `checkout-step-${index}`;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Group gap="sm" mb="md" wrap="nowrap">
        <ThemeIcon radius="xl" size={28} color="grape" aria-hidden="true">
          <Text fw={700} fz="sm" c="white">
            {index}
          </Text>
        </ThemeIcon>
        <Title order={2} fz="lg" id={id}>
          {title}
        </Title>
      </Group>
      {children}
    </Paper>
  );
}
