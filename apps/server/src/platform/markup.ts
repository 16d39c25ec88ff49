/**
 * Escapes text for XML or HTML content and for attribute values (double- or single-quoted):
 * the seed's SVG product images and the web pages' `<link>` attributes.
 */
export function escapeMarkup(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}
