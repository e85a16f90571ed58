/**
 * The sign-in form (SPEC §2, §4): email and password; the server's own message on failure. Plain
 * React and a small style sheet — no component library, query cache or router: it is the first thing
 * every user downloads (main.tsx shows it before any of the console is loaded). It looks like the
 * console (same colours, font, light and dark themes) and is used by the router's login route too.
 * Where the server has an identity provider set up, a second button ("Continue with …") signs in
 * through it (lib/social);
 * the provider sends the person back here with a code, which the form exchanges on arrival.
 */
import './login.css';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { SocialSignIn } from '@qm/contracts';
import { errorMessage, isApiError } from '../../../lib/api';
import { signInWithPassword } from '../../../lib/signin';
import { finishSocialSignIn, forgetSocialSignIn, keptRedirect, providerAnswer, socialOffer, startedHere, startSocialSignIn } from '../../../lib/social';
import { safeRedirect } from '../../../app/navigation';

interface Errors {
  email?: string;
  password?: string;
}

/*
 * The rules and messages of contracts' LoginBody, checked here without loading zod or a form
 * library. The server validates with LoginBody.
 */
export function validate(email: string, password: string): Errors {
  const errors: Errors = {};
  if (!email.trim()) errors.email = 'Enter your email';
  else if (email.trim().length > 200) errors.email = 'At most 200 characters';
  if (!password) errors.password = 'Enter your password';
  else if (password.length > 200) errors.password = 'At most 200 characters';
  return errors;
}

export interface LoginFormProps {
  /** `?redirect=`: where to go once signed in (same-origin paths only). */
  redirect: string | null;
  /** Called with the safe target once signed in; the form stays busy until it settles. */
  onSignedIn: (to: string) => void | Promise<void>;
  /** Runs before the user is read (the console drops the previous session's cached data). */
  beforeUser?: () => void;
}

export function LoginForm({ redirect, onSignedIn, beforeUser }: LoginFormProps) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [shown, setShown] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [offer, setOffer] = useState<SocialSignIn | null>(null);
  // where to go once signed in: `?redirect=`, or where the person was going before the provider
  const [target, setTarget] = useState(redirect);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  // Back from the identity provider: its code is for one use, so it leaves the address at once.
  useEffect(() => {
    const answer = providerAnswer(window.location.search);
    if (answer) {
      const clean = new URL(window.location.href);
      for (const k of ['code', 'state', 'error', 'error_description', 'error_uri', 'scope', 'session_state', 'iss']) clean.searchParams.delete(k);
      const before = redirect ?? keptRedirect();
      if (before) clean.searchParams.set('redirect', before);
      setTarget(before);
      window.history.replaceState(window.history.state, '', clean.pathname + clean.search);
      if ('error' in answer) {
        // said only to whoever started a sign-in here: a link cannot put words on this page
        if (startedHere(answer.state)) setFailure(`The provider did not sign you in: ${answer.error}`);
        forgetSocialSignIn();
      } else {
        setPending(true);
        finishSocialSignIn(answer, beforeUser)
          .then(({ redirect: to }) => onSignedIn(safeRedirect(to ?? before)))
          .catch((err: unknown) => {
            setFailure(errorMessage(err));
            setPending(false);
          });
      }
    }
    socialOffer().then(
      (o) => setOffer(o.enabled ? o : null),
      () => setOffer(null),
    );
    // once, on arrival
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const signInThroughProvider = async () => {
    if (!offer || pending) return;
    setFailure(null);
    setPending(true);
    try {
      await startSocialSignIn(offer, target);
    } catch (err) {
      setFailure(errorMessage(err));
      setPending(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    const found = validate(email, password);
    setErrors(found);
    if (found.email) return emailRef.current?.focus();
    if (found.password) return passwordRef.current?.focus();
    setFailure(null);
    setPending(true);
    try {
      await signInWithPassword(email.trim().toLowerCase(), password, beforeUser);
    } catch (err) {
      if (isApiError(err) && err.status === 400) setErrors({ email: err.fields.email, password: err.fields.password });
      setFailure(errorMessage(err));
      setPassword('');
      passwordRef.current?.focus();
      setPending(false);
      return;
    }
    try {
      await onSignedIn(safeRedirect(target));
    } catch (err) {
      setFailure(errorMessage(err));
      setPending(false);
    }
  };

  const field = (name: 'email' | 'password') => ({
    id: `${id}-${name}`,
    name,
    required: true,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });

  return (
    <main className="qm-login" id="main">
      <div className="qm-login-card">
        <form onSubmit={submit} noValidate aria-label="Sign in">
          <div className="qm-login-head">
            <p className="qm-login-eyebrow">Quartermaster</p>
            <h1>Sign in</h1>
            <p className="qm-login-dimmed">Back-office console for staff.</p>
          </div>
          {failure ? (
            <div className="qm-login-alert" role="alert">
              <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
                <circle cx="12" cy="12" r="9" />
                <path d="M12 8v4M12 16h.01" />
              </svg>
              <span>{failure}</span>
            </div>
          ) : null}
          <div className="qm-login-field">
            <label htmlFor={`${id}-email`}>Email</label>
            <input
              ref={emailRef}
              {...field('email')}
              type="email"
              autoComplete="username"
              // The one thing to do on this page.
              // eslint-disable-next-line jsx-a11y/no-autofocus
              autoFocus
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            {errors.email ? (
              <p className="qm-login-error" id={`${id}-email-error`}>
                {errors.email}
              </p>
            ) : null}
          </div>
          <div className="qm-login-field">
            <label htmlFor={`${id}-password`}>Password</label>
            <div className="qm-login-password">
              <input
                ref={passwordRef}
                {...field('password')}
                type={shown ? 'text' : 'password'}
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
              />
              {/* Not named like the field ("Password"): labels stay unique. */}
              <button type="button" className="qm-login-reveal" aria-label="Show or hide what was typed" aria-pressed={shown} onClick={() => setShown((s) => !s)}>
                <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
                  {shown ? <path d="M3 3l18 18M10.6 10.6a2 2 0 0 0 2.8 2.8M9.9 5.2A9.7 9.7 0 0 1 12 5c6 0 9.5 7 9.5 7a17 17 0 0 1-3 3.8M6.6 6.6C4 8.3 2.5 12 2.5 12s3.5 7 9.5 7a9.4 9.4 0 0 0 5.4-1.6" /> : <><path d="M2.5 12S6 5 12 5s9.5 7 9.5 7-3.5 7-9.5 7-9.5-7-9.5-7Z" /><circle cx="12" cy="12" r="3" /></>}
                </svg>
              </button>
            </div>
            {errors.password ? (
              <p className="qm-login-error" id={`${id}-password-error`}>
                {errors.password}
              </p>
            ) : null}
          </div>
          <button type="submit" className="qm-login-submit" aria-disabled={pending || undefined} data-loading={pending || undefined}>
            {pending ? <span className="qm-login-dots" aria-hidden="true"><span /><span /><span /></span> : null}
            <span className={pending ? 'qm-login-sr' : undefined}>Sign in</span>
          </button>
          {pending ? (
            <p className="qm-login-sr" role="status">
              Signing in…
            </p>
          ) : null}
          {offer ? (
            <>
              <p className="qm-login-or" aria-hidden="true">
                <span>or</span>
              </p>
              <button type="button" className="qm-login-social" aria-disabled={pending || undefined} onClick={() => void signInThroughProvider()}>
                Continue with {offer.provider}
              </button>
            </>
          ) : null}
        </form>
      </div>
    </main>
  );
}
