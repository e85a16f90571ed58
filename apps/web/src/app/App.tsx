/** Providers shared by every screen: theme, queries, dialogs, toasts, then the router. */
import type { ReactNode } from 'react';
import { MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { CONSTANTS } from '@qm/contracts';
import { queryClient } from '../lib/queryClient';
import { cssVariablesResolver, theme } from './theme';

/** The light/dark choice is remembered in this browser; until someone makes one, the system's is followed. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'quartermaster_color_scheme' });

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto" colorSchemeManager={colorSchemeManager}>
      <QueryClientProvider client={queryClient}>
        <ModalsProvider labels={{ confirm: 'Confirm', cancel: 'Cancel' }}>
          <Notifications
            position="bottom-right"
            autoClose={CONSTANTS.toast.durationMs}
            transitionDuration={CONSTANTS.toast.animationMs}
            containerWidth={CONSTANTS.toast.width}
            limit={5}
          />
          {children}
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
