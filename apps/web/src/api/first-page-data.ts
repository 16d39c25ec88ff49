import { FIRST_PAGE_DATA_ELEMENT_ID } from '@bazaar/shared';

let answers: Map<string, unknown> | undefined;

function readAnswers(): Map<string, unknown> {
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
 * render: `firstPageNeeds` in @bazaar/shared, issue 5 item 9), or undefined. Each answer is
 * handed out once, so a later read of the same path asks the server again. Used as a query's
 * `initialData`: the first render has the data without a request.
 */
export function takeFirstPageAnswer<T>(path: string): T | undefined {
  const all = readAnswers();
  const body = all.get(path) as T | undefined;
  all.delete(path);
  return body;
}
