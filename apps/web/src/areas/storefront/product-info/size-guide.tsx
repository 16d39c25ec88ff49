import { Group, Table, Title } from '@mantine/core';
import { SIZE_GUIDE, type ProductCategory } from '@bazaar/shared';
import { IconRulerMeasure } from '@tabler/icons-react';

/**
 * The product page's size guide (docs/catalog.md "Variants"): chest and length by size for the
 * product's category (`SIZE_GUIDE`), the design's sizes only when it names them, the chosen size
 * marked.
 */
export function SizeGuide({
  category,
  sizes,
  chosen,
  className,
}: {
  category: ProductCategory;
  /** The design's sizes; every size of the guide when empty. */
  sizes: readonly string[];
  chosen: string;
  className?: string;
}) {
  const rows = SIZE_GUIDE[category].filter((row) => sizes.length === 0 || sizes.includes(row.size));
  return (
    <section aria-labelledby="size-guide">
      <Group gap={6} mb={6}>
        <IconRulerMeasure size={20} stroke={1.6} aria-hidden="true" />
        <Title order={2} fz="lg" id="size-guide">
          Size guide ({category})
        </Title>
      </Group>
      <Table.ScrollContainer minWidth={320}>
        <Table striped withTableBorder fz="sm" className={className}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Size</Table.Th>
              <Table.Th scope="col">Chest (inches)</Table.Th>
              <Table.Th scope="col">Length (cm)</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr
                key={row.size}
                data-selected={row.size === chosen || undefined}
                aria-current={row.size === chosen ? 'true' : undefined}
              >
                <Table.Th scope="row">
                  {row.size}
                  {row.size === chosen && ' (chosen)'}
                </Table.Th>
                <Table.Td>{row.chestInches}</Table.Td>
                <Table.Td>{row.lengthCm}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}
