import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

/*
 * What jsdom lacks and Mantine uses: matchMedia (useMediaQuery, the colour scheme),
 * ResizeObserver (ScrollArea, SegmentedControl), scrollIntoView (Combobox), pointer capture and
 * `document.fonts` (Textarea's autosize).
 * Imported by every component test before it renders; each test leaves a clean document and
 * unstubbed globals (fetch) behind.
 */

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (typeof window.ResizeObserver === 'undefined') {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
}

// The autosizing Textarea re-measures when web fonts finish loading (`document.fonts`).
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: {
      ready: Promise.resolve(),
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    },
  });
}

Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => undefined;

// `findBy...` and `waitFor` wait up to 5 s, not 1 s: a lazy page's first render (Mantine, the
// route's chunk) takes over a second on a busy 2-core CI machine running other test files
// beside it, and a slow render is not what these tests check.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
