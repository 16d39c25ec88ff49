import { createTheme } from '@mantine/core';

/**
 * The storefront's look: a deep grape primary (festive, like a silk saree border) with saffron
 * orange for the "Buy now" calls to action. System fonts only: no font download on first paint.
 */
export const theme = createTheme({
  primaryColor: 'grape',
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif',
    fontWeight: '700',
  },
  other: {
    buyNowColor: 'orange',
  },
});
