import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/**
 * Mantine's palettes with shades 7-9 darkened just enough for WCAG 1.4.3 (4.5:1): shade 8 (the
 * filled buttons with white text, `c="green"`, outline buttons) on white, gray.0 and its own
 * shade 1, and shade 9 (the text of light badges and buttons) on its shade 1. Shades 0-6 are
 * Mantine's. Grape's 8 moves by a hair; the others' by 10-20 %.
 */
// prettier-ignore
const ACCESSIBLE_COLORS: Record<string, MantineColorsTuple> = {
  orange: ['#fff4e6', '#ffe8cc', '#ffd8a8', '#ffc078', '#ffa94d', '#ff922b', '#fd7e14', '#f06407', '#b54509', '#a33e08'],
  green: ['#ebfbee', '#d3f9d8', '#b2f2bb', '#8ce99a', '#69db7c', '#51cf66', '#40c057', '#33a447', '#257b35', '#216f30'],
  red: ['#fff5f5', '#ffe3e3', '#ffc9c9', '#ffa8a8', '#ff8787', '#ff6b6b', '#fa5252', '#f03e3e', '#c52b2b', '#b12727'],
  teal: ['#e6fcf5', '#c3fae8', '#96f2d7', '#63e6be', '#38d9a9', '#20c997', '#12b886', '#0ca376', '#087a57', '#076e4e'],
  yellow: ['#fff9db', '#fff3bf', '#ffec99', '#ffe066', '#ffd43b', '#fcc419', '#fab005', '#c68100', '#a05d00', '#905400'],
  grape: ['#f8f0fc', '#f3d9fa', '#eebefa', '#e599f7', '#da77f2', '#cc5de8', '#be4bdb', '#ae3ec9', '#9935b1', '#862e9c'],
};

/**
 * The storefront's look: a deep grape primary (festive, like a silk saree border) with saffron
 * orange for the "Buy now" calls to action. System fonts only: no font download on first paint.
 */
export const theme = createTheme({
  colors: ACCESSIBLE_COLORS,
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
  // Plain objects, not `Modal.extend(...)`: naming a component here imports it into the first
  // download (Modal and Drawer bring focus trap, scroll lock and @floating-ui, ~20 KB gzip).
  components: {
    // Mantine's close button is an icon only: name it for screen readers (WCAG 4.1.2).
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close panel' } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
    // The arrows of every pager are icons only: give them names (WCAG 4.1.2).
    Pagination: {
      defaultProps: {
        getControlProps: (control: 'first' | 'previous' | 'next' | 'last') => ({
          'aria-label': `${control[0]?.toUpperCase()}${control.slice(1)} page`,
        }),
      },
    },
  },
});

/**
 * Mantine's dimmed text is gray.6 (#868e96), 3.3:1 on white: below WCAG 1.4.3's 4.5:1 for the
 * small captions it is used for. This grey is 6:1 on white and 5.7:1 on gray.0. The placeholder
 * (gray.5, 2:1) shown as text in file and select fields gets a 4.7:1 grey.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a', '--mantine-color-placeholder': '#6c757d' },
  dark: {},
});
