// Mantine's styles for the first paint; the rest follow (components/mantine-styles-loader.ts).
import './app/styles/mantine-initial.css';
import './app/styles/mantine-theme-variables.css';
import '@mantine/carousel/styles.css';
import './app/global.css';

import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { pageIsServerRendered } from './api/first-page-data';
import { App } from './app/app';
import { holdEarlyActions } from './components/early-action';
import { loadMantineStyles } from './components/mantine-styles-loader';
import { preloadFirstPageChunks } from './app/router';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');
// A page the server rendered already holds early clicks (public/start-app.js); any other page
// holds those on a stand-in until its real button is there (docs/decisions/0032).
holdEarlyActions();

// The first page's lazy chunks are asked for in a task of their own, right after this one: the
// preload helper's link elements are ~30 ms on a slow phone, which would otherwise lengthen the
// entry chunk's evaluation, the page's longest task (docs/performance.md).
setTimeout(() => void preloadFirstPageChunks(window.location.pathname), 0);
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
if (pageIsServerRendered()) {
  // The storefront's first pages come rendered by the server (entry-server.tsx): React adopts
  // that markup instead of building it. As a transition, hydration runs in slices of a few
  // milliseconds, so the page answers taps while it is made interactive (docs/performance.md).
  startTransition(() => {
    hydrateRoot(rootElement, app, {
      onRecoverableError(error) {
        // A mismatch: React rendered that part again in the browser; the page still works.
        console.error('Server markup replaced:', error);
      },
    });
  });
} else {
  createRoot(rootElement).render(app);
}

// The rest of Mantine's styles once the page has loaded and the browser is idle, so overlays and
// lazy pages opened later find them in place. On a page the server rendered this script starts
// after the load event (public/start-app.js), so it may already have passed.
function loadRestOfStylesWhenIdle() {
  const whenIdle =
    window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 200));
  whenIdle(() => void loadMantineStyles());
}
if (document.readyState === 'complete') loadRestOfStylesWhenIdle();
else window.addEventListener('load', loadRestOfStylesWhenIdle, { once: true });
