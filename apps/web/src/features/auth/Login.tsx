/**
 * Login (SPEC §2, §4) inside the console's router: after a sign-out or an expired session. A first
 * visit to the login route shows the same form without the console (main.tsx).
 */
import { useNavigate, useSearchParams } from 'react-router';
import { queryClient } from '../../lib/queryClient';
import { LoginForm } from './parts/LoginForm';

export default function LoginScreen() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return <LoginForm redirect={params.get('redirect')} beforeUser={() => queryClient.clear()} onSignedIn={(to) => void navigate(to, { replace: true })} />;
}
