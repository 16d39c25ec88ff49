import { useDocumentTitle } from '@mantine/hooks';
import { SITE } from '../config/site';

/** Sets the tab's title: 'Contact us | Bazaar'; the home page passes nothing. */
export function usePageTitle(title?: string) {
  useDocumentTitle(
    title ? `${title} | ${SITE.brand}` : `${SITE.brand} | Online clothing marketplace`,
  );
}
