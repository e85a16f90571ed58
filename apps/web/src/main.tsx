import './lib/csp';
import './app/styles-core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/App';
import { createAppRouter } from './app/router';
import { restoreSession } from './lib/auth';
import { captureError, initErrorReporting, installEarlyCapture } from './lib/errors';
import { getSession, subscribeSession } from './lib/session';
import { Spinner } from './ui/states';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const root = createRoot(container, {
  // Errors no error boundary caught. Those the router's error element catches are reported there.
  onUncaughtError: (error) => captureError(error),
});

// The reporter's SDK stays out of the login screen: it loads once someone is signed in (or as soon
// as there is an error to send); until then uncaught errors are queued.
installEarlyCapture();
const startReporterWhenSignedIn = () => {
  if (getSession().status !== 'authenticated') return;
  unsubscribe();
  const start = () => void initErrorReporting();
  if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 3000 });
  else setTimeout(start, 500);
};
const unsubscribe = subscribeSession(startReporterWhenSignedIn);

root.render(
  <Providers>
    <Spinner label="Starting Quartermaster…" minHeight={window.innerHeight} />
  </Providers>,
);

// The session is known (checked with GET auth/user) before the router runs its guards.
void restoreSession().then(() => {
  startReporterWhenSignedIn();
  const router = createAppRouter();
  root.render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
});
