/**
 * The common layout of every signed-in screen: header (product, search, theme, user, sign out),
 * navigation built from the route table (only what the user may open, in groups that collapse), the
 * command palette (Ctrl/⌘-K), impersonation banner, skip link.
 */
import './styles-app';
import './layout.css';
import { useEffect, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import {
  ActionIcon,
  AppShell,
  Burger,
  Button,
  Group,
  Loader,
  Menu,
  ScrollArea,
  Text,
  Tooltip,
  UnstyledButton,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { errorMessage } from '../lib/api';
import { logout, stopImpersonating } from '../lib/auth';
import { useSession } from '../lib/session';
import { IconChevronDown, IconLogout, IconMoon, IconSun, IconUserSwitch } from '../ui/icons';
import { CommandPalette, PaletteButton } from './CommandPalette';
import { NavMenu } from './NavMenu';
import { goToLogin } from './navigation';
import { UnsavedChangesBlocker } from '../ui/unsavedChanges';
import { JobsIndicator } from '../ui/JobsIndicator';

function ThemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const next = scheme === 'dark' ? 'light' : 'dark';
  return (
    <Tooltip label={`Switch to ${next} theme`}>
      <ActionIcon variant="default" size={30} aria-label={`Switch to ${next} theme`} onClick={() => setColorScheme(next)}>
        {scheme === 'dark' ? <IconSun /> : <IconMoon />}
      </ActionIcon>
    </Tooltip>
  );
}

function ImpersonationBanner({ name, impersonator }: { name: string; impersonator: string }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const stop = async () => {
    setBusy(true);
    try {
      const me = await stopImpersonating();
      notifications.show({ color: 'teal', message: `Back to your own account (${me.name})` });
      navigate('/', { replace: true });
    } catch (e) {
      notifications.show({ color: 'red', title: 'Could not stop impersonating', message: errorMessage(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group justify="center" gap="sm" py={4} px="md" className="qm-impersonation" role="status">
      <IconUserSwitch size={16} />
      <Text size="sm" fw={500}>
        You are impersonating {name} — signed in as {impersonator}
      </Text>
      <Button size="compact-xs" color="orange" variant="filled" loading={busy} onClick={stop}>
        Stop impersonating
      </Button>
    </Group>
  );
}

export function Layout() {
  const { user } = useSession();
  const navigation = useNavigation();
  const location = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);

  // Signed out under us (another tab, a 401 handled elsewhere): go to the login route.
  useEffect(() => {
    if (!user && navigation.state === 'idle') goToLogin(true);
  }, [user, navigation.state]);
  useEffect(() => close(), [location.pathname, close]);

  if (!user) return null;
  const permissions = user.security.permissions;

  const impersonating = user.impersonator;
  const bannerHeight = impersonating ? 34 : 0;

  const signOut = () => {
    logout();
    goToLogin(false);
  };

  return (
    <AppShell
      header={{ height: 48 + bannerHeight }}
      navbar={{ width: { base: 208, xl: 232 }, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <a href="#main" className="qm-skip-link">
        Skip to content
      </a>
      <AppShell.Header>
        {impersonating ? <ImpersonationBanner name={user.name} impersonator={impersonating.name} /> : null}
        <Group h={48} px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={opened ? 'Close navigation' : 'Open navigation'} />
            <Link to="/" className="qm-brand" aria-label="Quartermaster home">
              Quartermaster
            </Link>
            {navigation.state !== 'idle' ? <Loader size={14} role="status" aria-label="Loading page" /> : null}
          </Group>
          <Group gap="xs" wrap="nowrap">
            <PaletteButton />
            <JobsIndicator />
            <ThemeToggle />
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <UnstyledButton className="qm-user-button" px={8} py={4}>
                  {/* Named by what it shows (WCAG 2.5.3), after what it is. */}
                  <span className="qm-sr-only">Account menu for</span>
                  <Group gap={6} wrap="nowrap">
                    <div style={{ textAlign: 'right', lineHeight: 1.15 }}>
                      <Text size="sm" fw={500} data-testid="current-user-name">
                        {user.name}
                      </Text>
                      <Text size="xs" c="dimmed" visibleFrom="sm">
                        {user.email}
                      </Text>
                    </div>
                    <IconChevronDown size={14} />
                  </Group>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>Roles: {user.roles.join(', ') || 'none'}</Menu.Label>
                <Menu.Item leftSection={<IconLogout size={14} />} onClick={signOut}>
                  Sign out
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
            <Tooltip label="Sign out">
              <ActionIcon variant="default" size={30} aria-label="Sign out" onClick={signOut}>
                <IconLogout />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar aria-label="Main navigation">
        <AppShell.Section grow component={ScrollArea} type="hover" scrollbarSize={6}>
          <NavMenu permissions={permissions} />
        </AppShell.Section>
      </AppShell.Navbar>

      <CommandPalette permissions={permissions} />

      <AppShell.Main id="main" tabIndex={-1}>
        <UnsavedChangesBlocker />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
