import { FIRST_PAGE_DATA_ELEMENT_ID } from '@bazaar/shared';

let answers: Map<string, unknown> | undefined;
/** Set only while the server renders a page (renderWithFirstPageAnswers). */
let serverAnswers: Map<string, unknown> | undefined;
let serverRendered: boolean | undefined;
let serverTitle: string | undefined;

function readAnswers(): Map<string, unknown> {
  if (serverAnswers) return serverAnswers;
  if (answers) return answers;
  answers = new Map();
  const element = document.getElementById(FIRST_PAGE_DATA_ELEMENT_ID);
  if (element?.textContent) {
    try {
      const parsed = JSON.parse(element.textContent) as Record<string, unknown>;
      for (const [path, body] of Object.entries(parsed)) answers.set(path, body);
    } catch {
      // A damaged block only costs the requests it would have saved.
    }
  }
  element?.remove();
  return answers;
}

/**
 * The server's answer to `GET path` sent inside the page's HTML (a storefront page's first
 * render: `firstPageNeeds` in @bazaar/shared;
 * docs/decisions/0012-first-page-data.md), or undefined. Each answer is
 * handed out once, so a later read of the same path asks the server again. Used as a query's
 * `initialData`: the first render has the data without a request.
 */
export function takeFirstPageAnswer<T>(path: string): T | undefined {
  const all = readAnswers();
  const body = all.get(path) as T | undefined;
  all.delete(path);
  return body;
}

/**
 * Server rendering only (entry-server.tsx, docs/decisions/0014-storefront-first-pages-rendered-on-the-server.md):
 * runs one synchronous render with `given` (API path -> answer body) as the first-page answers,
 * so the markup is built from the same data the browser will hydrate it with. Renders never
 * interleave because `render` is synchronous.
 * @returns what `render` returns, and the page title the render set (noteServerPageTitle).
 */
export function renderWithFirstPageAnswers<T>(
  given: Record<string, unknown>,
  render: () => T,
): { value: T; title: string | undefined } {
  serverAnswers = new Map(Object.entries(given));
  serverTitle = undefined;
  try {
    return { value: render(), title: serverTitle };
  } finally {
    serverAnswers = undefined;
    serverTitle = undefined;
  }
}

/**
 * Server rendering only: the page's title as its render sets it (usePageTitle), so the HTML
 * carries the right `<title>` before any script runs. Does nothing in the browser.
 */
export function noteServerPageTitle(title: string): void {
  if (serverAnswers) serverTitle = title;
}

/**
 * True while the server renders a page, and in the browser when the page's HTML came rendered
 * by the server (`#root[data-server-rendered]`), so its first render must build exactly that
 * markup again: from the first-page answers only, with nothing the server cannot know (window
 * size, media queries).
 */
export function pageIsServerRendered(): boolean {
  if (serverAnswers) return true;
  serverRendered ??=
    typeof document !== 'undefined' &&
    document.getElementById('root')?.hasAttribute('data-server-rendered') === true;
  return serverRendered;
}
