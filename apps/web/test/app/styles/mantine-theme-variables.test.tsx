import fs from 'node:fs';
import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from '../../../src/app/theme';

const FILE = new URL('../../../src/app/styles/mantine-theme-variables.css', import.meta.url);
const HEADER = `/*
 * Generated: the CSS variables Mantine's MantineProvider would write into a <style> element for
 * our theme (app/theme.ts), as a stylesheet of the entry instead, so the browser does not compute
 * them while the page hydrates (~10 ms of one task on a fast desktop; the providers set
 * withCssVariables={false}). Do not edit: after changing the theme run
 * \`npm run mantine-variables\` (this file's test fails until then).
 */
`;

/** What MantineProvider renders into <style data-mantine-styles="true"> for our theme. */
function themeVariablesCss(): string {
  const markup = renderToStaticMarkup(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <span />
    </MantineProvider>,
  );
  const css = /<style data-mantine-styles="true"[^>]*>([^<]*)<\/style>/.exec(markup)?.[1];
  if (!css) throw new Error('MantineProvider rendered no CSS variables');
  // The markup escapes quotes in the style text; the stylesheet has them plain.
  return css.replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&amp;', '&');
}

describe('mantine-theme-variables.css', () => {
  it("holds the theme's CSS variables exactly as MantineProvider makes them", () => {
    const expected = `${HEADER}${themeVariablesCss().replaceAll('}', '}\n')}`;
    if (process.env.UPDATE_MANTINE_VARIABLES) fs.writeFileSync(FILE, expected);
    expect(fs.readFileSync(FILE, 'utf8')).toBe(expected);
    expect(expected).toContain('--mantine-primary-color-filled: var(--mantine-color-grape-filled)');
  });
});
