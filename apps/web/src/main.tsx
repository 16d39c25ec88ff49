// Mantine's styles for the first paint; the rest follow (app/mantine-styles-loader.ts).
import './app/styles/mantine-initial.css';
import '@mantine/carousel/styles.css';
import './app/global.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadMantineStyles } from './app/mantine-styles-loader';
import { preloadFirstPageChunks } from './app/router';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

preloadFirstPageChunks(window.location.pathname);
createRoot(rootElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The rest of Mantine's styles once the page has loaded and the browser is idle, so overlays and
// lazy pages opened later find them in place.
window.addEventListener('load', () => {
  const whenIdle =
    window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 200));
  whenIdle(() => void loadMantineStyles());
});
