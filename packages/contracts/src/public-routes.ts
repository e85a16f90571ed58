/** Public routes (SPEC §2): guest-only login, and the refusal page. */
export const PUBLIC_ROUTES = {
  login: { name: 'login', path: 'auth/login', title: 'Login', screen: 'auth/Login' },
  forbidden: { name: 'forbidden', path: '403', title: 'Access denied' },
} as const;
