/**
 * Style of a table's last column (its actions): it stays in view while a narrow screen scrolls
 * the table sideways. Used by All Stock and the size x colour grid.
 */
export const STICKY_END = {
  position: 'sticky',
  right: 0,
  background: 'var(--mantine-color-body)',
  boxShadow: '-1px 0 0 var(--mantine-color-gray-3)',
} as const;
