/** Login (SPEC §2, §4): email and password; the server's own message on failure. */
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { errorMessage, isApiError } from '../../lib/api';
import { login } from '../../lib/auth';
import { safeRedirect } from '../../app/navigation';
import { IconAlert } from '../../ui/icons';

interface Errors {
  email?: string;
  password?: string;
}

/*
 * The rules and messages of contracts' LoginBody, checked here without loading zod or a form
 * library: the login screen is what every user downloads first. The server validates with LoginBody.
 */
function validate(email: string, password: string): Errors {
  const errors: Errors = {};
  if (!email.trim()) errors.email = 'Enter your email';
  else if (email.trim().length > 200) errors.email = 'At most 200 characters';
  if (!password) errors.password = 'Enter your password';
  else if (password.length > 200) errors.password = 'At most 200 characters';
  return errors;
}

export default function LoginScreen() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

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
      await login(email.trim().toLowerCase(), password);
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (err) {
      if (isApiError(err) && err.status === 400) setErrors({ email: err.fields.email, password: err.fields.password });
      setFailure(errorMessage(err));
      setPassword('');
      passwordRef.current?.focus();
      setPending(false);
    }
  };

  return (
    <main className="qm-public" id="main">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={380}>
        <form onSubmit={submit} noValidate aria-label="Sign in">
          <Stack gap="md">
            <div>
              <Text size="xs" fw={700} tt="uppercase" c="dimmed" lts="0.06em">
                Quartermaster
              </Text>
              <Title order={1} size="h3">
                Sign in
              </Title>
              <Text size="sm" c="dimmed">
                Back-office console for staff.
              </Text>
            </div>
            {failure ? (
              <Alert color="red" variant="light" icon={<IconAlert />} role="alert" p="xs">
                <Text size="sm">{failure}</Text>
              </Alert>
            ) : null}
            <TextInput
              ref={emailRef}
              label="Email"
              name="email"
              type="email"
              autoComplete="username"
              autoFocus
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={errors.email}
            />
            <PasswordInput
              ref={passwordRef}
              label="Password"
              name="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={errors.password}
            />
            <Button type="submit" fullWidth loading={pending} loaderProps={{ type: 'dots' }}>
              Sign in
            </Button>
          </Stack>
        </form>
      </Paper>
    </main>
  );
}
