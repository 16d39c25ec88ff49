import { useDocumentTitle } from '@mantine/hooks';
import { noteServerPageTitle } from '../api/first-page-data';
import { SITE } from '../config/site';

/**
 * Sets the tab's title: 'Contact us | Bazaar'; the home page passes nothing. On the server the
 * title goes into the rendered page's `<title>` (entry-server.tsx).
 */
export function usePageTitle(title?: string) {
  const full = title ? `${title} | ${SITE.brand}` : `${SITE.brand} | Online clothing marketplace`;
  noteServerPageTitle(full);
  useDocumentTitle(full);
}
