import { useCallback } from 'react';

/**
 * What public/start-app.js leaves on `window` on a page the server rendered: the early actions
 * (clicks on `[data-action]` elements the app had not taken over yet), in click order.
 */
interface EarlyActions {
  /** True, and forgets it, when `action` was clicked before its element was ready. */
  take(action: string): boolean;
}

declare global {
  interface Window {
    bazaarEarlyActions?: EarlyActions;
  }
}

/**
 * Holds clicks on `[data-action]` elements the app has not made ready, by the same rules as
 * public/start-app.js, on a page that script is not on (a page the browser renders). There every
 * element with an action is ready before it can be clicked, except a stand-in shown while a
 * chunk loads (the My Account button before its dropdown's chunk has run): its click is kept for
 * the real element, which replays it. Call once, before the app's first render.
 */
export function holdEarlyActions(): void {
  if (window.bazaarEarlyActions) return;
  const held: string[] = [];
  document.addEventListener(
    'click',
    (event) => {
      const target = event.target instanceof Element ? event.target : null;
      const element = target?.closest('[data-action]');
      if (!element || element.hasAttribute('data-action-ready')) return;
      if (!document.getElementById('root')?.contains(element)) return;
      event.preventDefault();
      event.stopPropagation();
      const action = element.getAttribute('data-action') ?? '';
      if (!held.includes(action)) held.push(action);
      element.setAttribute('aria-busy', 'true');
    },
    true,
  );
  window.bazaarEarlyActions = {
    take(action) {
      const at = held.indexOf(action);
      if (at < 0) return false;
      held.splice(at, 1);
      return true;
    },
  };
}

/** The props that make an element's clicks before hydration count (see useEarlyAction). */
export interface EarlyActionProps<T extends HTMLElement> {
  ref: (element: T | null) => void;
  'data-action': string;
}

/**
 * Makes a button of a page the server rendered keep the clicks it gets before the app has taken
 * it over (docs/decisions/0032-clicks-before-hydration-are-replayed.md). Spread the result on the
 * button: `data-action` names the action, unique per thing it acts on (`add-to-cart:12`).
 * Until the element is in the running app, public/start-app.js holds its clicks back (marking it
 * `aria-busy`); once React has attached the element (its ref), it is marked ready, so later
 * clicks go straight to React, and a click held back is replayed on it, once.
 * @param action the action's name, e.g. `add-to-cart:${productId}`.
 */
export function useEarlyAction<T extends HTMLElement>(action: string): EarlyActionProps<T> {
  const ref = useCallback(
    (element: T | null) => {
      if (!element) return;
      element.setAttribute('data-action-ready', '');
      if (!window.bazaarEarlyActions?.take(action)) return;
      element.removeAttribute('aria-busy');
      // After the commit that attached it, so the click runs like any other.
      setTimeout(() => {
        if (element.isConnected) element.click();
      }, 0);
    },
    [action],
  );
  return { ref, 'data-action': action };
}
