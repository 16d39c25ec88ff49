import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from '../api/query-client';
import { setMantineStylesSource } from '../components/mantine-styles-loader';
import { LazyNotifications } from '../components/notify';
import { cssVariablesResolver, theme } from './theme';

// The rest of Mantine's styles are a chunk of the app (mantine-styles.ts); components/ asks for
// them through loadMantineStyles() without importing app/.
setMantineStylesSource(() => import('./mantine-styles'));

/** Theme, server-state cache and toasts for every area of the web app. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="light"
      cssVariablesResolver={cssVariablesResolver}
      // The theme's CSS variables come with the entry's stylesheet
      // (styles/mantine-theme-variables.css, generated from the same theme and resolver).
      withCssVariables={false}
    >
      <LazyNotifications />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
