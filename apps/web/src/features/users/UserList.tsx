/** Users (Administration): who may use the console, with which roles. */
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Badge, Button, Group, Menu, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { UserCreate, UserUpdate, isAllowed, type User, USER_LIST } from '@qm/contracts';
import { errorMessage, isApiError } from '../../lib/api';
import { impersonate } from '../../lib/auth';
import { useRoles } from '../../lib/lookups';
import { useCurrentUser } from '../../lib/session';
import { alertDialog, confirmDialog } from '../../ui/ConfirmDialog';
import { CrudScreen } from '../../ui/CrudScreen';
import { BooleanBadge, DateTimeDisplay } from '../../ui/displays';
import { IconUserSwitch } from '../../ui/icons';
import type { Column, FilterDef } from '../../ui/ResourceList';
import { useDeactivateUser, users } from './api';
import { UserFields } from './parts/UserFields';
import { PasswordForm } from './parts/PasswordForm';
import { createdColumn, idColumn, updatedColumn } from '../../ui/columns';

export default function UsersScreen() {
  const me = useCurrentUser();
  const navigate = useNavigate();
  const canImpersonate = isAllowed(['users.impersonate'], me.security.permissions) && !me.impersonator;
  const roles = useRoles();
  const roleName = useMemo(() => new Map((roles.data ?? []).map((r) => [r.code, r.name])), [roles.data]);
  const roleOptions = (roles.data ?? []).map((r) => ({ value: r.code, label: r.name }));
  const [passwordFor, setPasswordFor] = useState<User | null>(null);
  const deactivateUser = useDeactivateUser();

  const startImpersonating = async (u: User) => {
    const ok = await confirmDialog({
      title: `Impersonate ${u.name}?`,
      message: `You will see and do exactly what ${u.name} can until you stop impersonating. Every change is recorded as made by ${u.name}, with you as the impersonator.`,
      confirmLabel: 'Impersonate',
      danger: false,
    });
    if (!ok) return;
    try {
      await impersonate(u.id);
      notifications.show({ color: 'orange', message: `Now impersonating ${u.name}` });
      navigate('/', { replace: true });
    } catch (e) {
      alertDialog('Error', errorMessage(e));
    }
  };

  const deactivate = async (u: User) => {
    const ok = await confirmDialog({
      title: `Deactivate ${u.name}?`,
      message: `${u.name} will no longer be able to sign in, and every session they have open ends now. You can reactivate the account later by editing it.`,
      confirmLabel: 'Deactivate',
    });
    if (!ok) return;
    try {
      await deactivateUser.mutateAsync(u.id);
      notifications.show({ color: 'teal', message: `${u.name} was deactivated` });
    } catch (e) {
      alertDialog(isApiError(e) && e.status === 422 ? 'Not allowed' : 'Error', errorMessage(e));
    }
  };

  const columns: Column<User>[] = [
    idColumn(),
    { key: 'name', header: 'Name', render: (u) => <Text size="sm" fw={500} className="qm-cell-text">{u.name}</Text> },
    { key: 'email', header: 'Email' },
    {
      key: 'roles',
      header: 'Roles',
      render: (u) => (
        <Group gap={4}>
          {u.roles.map((r) => (
            <Badge key={r} size="sm" variant="light" radius="sm" color={r === 'admin' ? 'red' : 'steel'}>
              {roleName.get(r) ?? r}
            </Badge>
          ))}
        </Group>
      ),
    },
    { key: 'is_active', header: 'Active', width: 90, render: (u) => <BooleanBadge value={u.is_active} trueLabel="Active" falseLabel="Inactive" /> },
    { key: 'last_login_at', header: 'Last sign-in', render: (u) => <DateTimeDisplay value={u.last_login_at} /> },
    createdColumn({ defaultVisible: false }),
    updatedColumn({ defaultVisible: false }),
  ];

  const filters: FilterDef[] = [
    { kind: 'select', key: 'role', label: 'Role', options: roleOptions, loading: roles.isPending },
    { kind: 'boolean', key: 'is_active', label: 'Status', trueLabel: 'Active', falseLabel: 'Inactive' },
  ];

  return (
    <CrudScreen<User, typeof UserCreate, typeof UserUpdate>
      description="Staff accounts, their roles and access."
      resource={users}
      noun={{ one: 'user', many: 'users' }}
      writePermission="users.write"
      deletable={false}
      editPlaceholder
      list={{ fields: USER_LIST, columns, filters, searchPlaceholder: 'Search name or email', defaultSort: 'name', exportCsv: true }}
      create={{ schema: UserCreate, defaults: { name: '', email: '', password: '', roles: [], is_active: true } }}
      update={{ schema: UserUpdate, values: (u) => ({ name: u.name, email: u.email, roles: u.roles, is_active: u.is_active, version: u.version }) }}
      fields={(_form, row) => <UserFields user={row} roleOptions={roleOptions} />}
      rowButtons={(u) =>
        canImpersonate && u.id !== me.id && u.is_active && !u.roles.includes('admin') ? (
          <Tooltip label={`Impersonate ${u.name}`}>
            <Button size="compact-xs" variant="subtle" leftSection={<IconUserSwitch size={12} />} onClick={() => void startImpersonating(u)} aria-label={`Impersonate ${u.name}`}>
              Impersonate
            </Button>
          </Tooltip>
        ) : null
      }
      rowMenu={(u) => (
        <>
          <Menu.Item onClick={() => setPasswordFor(u)}>Reset password</Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" disabled={!u.is_active || u.id === me.id} onClick={() => void deactivate(u)}>
            Deactivate
          </Menu.Item>
        </>
      )}
    >
      <PasswordForm user={passwordFor} onClose={() => setPasswordFor(null)} />
    </CrudScreen>
  );
}
