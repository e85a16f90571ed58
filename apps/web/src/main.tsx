/**
 * The entry: as little as possible before the first screen. A first visit to the login route (no
 * stored token) shows the sign-in form alone — plain React and a small style sheet — and the console
 * (component library, query cache, router and every screen: app/boot.tsx) loads once the user has
 * signed in. Any other route loads the console at once. So the login route's download does not grow
 * as screens are added (apps/web/src/login-budget.test.ts holds it to a budget).
 */
import './lib/csp';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { LoginForm } from './features/auth/parts/LoginForm';
import { LOGIN_PATH, LOGIN_TITLE } from './app/navigation';
import { initErrorReporting, installEarlyCapture, reportUncaught } from './lib/errors';
import { getSession, getToken, setUnauthenticated, subscribeSession } from './lib/session';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const root = createRoot(container, {
  // Errors no error boundary caught, reported then re-thrown. Those the router's error element catches are reported there.
  onUncaughtError: (error) => reportUncaught(error),
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

const SCHEME_KEY = 'quartermaster_color_scheme';

const systemDark = window.matchMedia('(prefers-color-scheme: dark)');

/**
 * The theme chosen in the console (app/App's colour scheme manager keeps it in localStorage), applied
 * before the console is there, and again when another tab changes it; none chosen (or no storage):
 * the system's, as the console follows it (`defaultColorScheme="auto"`).
 */
function applyColorScheme(): void {
  let chosen: string | null = null;
  try {
    chosen = window.localStorage.getItem(SCHEME_KEY);
  } catch {
    // Storage unavailable: the system's theme.
  }
  const dark = chosen === 'dark' || (chosen !== 'light' && systemDark.matches);
  const scheme = dark ? 'dark' : 'light';
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
  document.documentElement.style.colorScheme = scheme;
}

const followScheme = (e: StorageEvent) => {
  if (e.key === SCHEME_KEY) applyColorScheme();
};

async function startConsole(target: Root): Promise<void> {
  const { bootConsole } = await import('./app/boot');
  // From here the console's colour scheme manager follows the stored choice.
  window.removeEventListener('storage', followScheme);
  systemDark.removeEventListener('change', applyColorScheme);
  await bootConsole(target);
}

applyColorScheme();
window.addEventListener('storage', followScheme);
systemDark.addEventListener('change', applyColorScheme);
if (window.location.pathname === LOGIN_PATH && !getToken()) {
  setUnauthenticated();
  // the router sets each route's title; the sign-in form shown without it sets its own
  document.title = LOGIN_TITLE;
  // Once the user starts typing (or a password manager fills the form), the console downloads in
  // the background, so that signing in does not wait for it. A visit that only looks loads nothing more.
  const warmUp = () => {
    container.removeEventListener('input', warmUp);
    container.removeEventListener('pointerdown', warmUp);
    import('./app/boot').catch(() => {
      // Tried again on sign-in, where a failure is shown.
    });
  };
  container.addEventListener('input', warmUp);
  container.addEventListener('pointerdown', warmUp);
  const redirect = new URLSearchParams(window.location.search).get('redirect');
  root.render(
    <StrictMode>
      <LoginForm
        redirect={redirect}
        onSignedIn={async (to) => {
          // Signed in: the console starts on the page asked for.
          window.history.replaceState(null, '', to);
          await startConsole(root);
        }}
      />
    </StrictMode>,
  );
} else {
  root.render(
    <p className="qm-boot" role="status">
      Starting Quartermaster…
    </p>,
  );
  void startConsole(root);
}
