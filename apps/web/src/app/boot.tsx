/**
 * The console: theme, queries, dialogs and the router with every screen. main.tsx loads this module
 * (a chunk of its own, with the component library and its styles) for any route but a first visit to
 * the login route, and there once the user has signed in.
 */
import './styles-core';
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './App';
import { createAppRouter } from './router';
import { restoreSession, scheduleTokenRefresh } from '../lib/auth';
import { getSession } from '../lib/session';
import { Spinner } from '../ui/states';

/** Renders the console into `root`; the session is known (checked with GET auth/user) before the router runs its guards. */
export async function bootConsole(root: Root): Promise<void> {
  if (getSession().status !== 'authenticated') {
    root.render(
      <Providers>
        <Spinner label="Starting Quartermaster…" minHeight={window.innerHeight} />
      </Providers>,
    );
    await restoreSession();
  }
  // disabled (SPEC §4): schedules nothing
  scheduleTokenRefresh();
  const router = createAppRouter();
  root.render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}
