import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from '../api/query-client';
import { LazyNotifications } from '../components/notify';
import { cssVariablesResolver, theme } from './theme';

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
