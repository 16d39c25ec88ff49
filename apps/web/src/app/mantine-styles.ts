import './styles/mantine-rest.css';

/*
 * The second half of Mantine's styles (styles/mantine-rest.css): a chunk of its own, requested
 * by loadMantineStyles() (components/mantine-styles-loader.ts), which app/providers.tsx
 * points here.
 */
export const MANTINE_REST_STYLES = true;
