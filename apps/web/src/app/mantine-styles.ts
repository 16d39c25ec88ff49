import './styles/mantine-rest.css';

/*
 * The second half of Mantine's styles (styles/mantine-rest.css): a chunk of its own, requested
 * by loadMantineStyles() (app/mantine-styles-loader.ts).
 */
export const MANTINE_REST_STYLES = true;
