/** Users area: staff accounts (`user`; a new one through `auth/register`), with the calls beyond create and edit. */
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { User, UserCreate, UserUpdate } from '@qm/contracts';
import { api } from '../../lib/api';
import { defineResource, invalidate } from '../../lib/resource';

/** A new account is made by `POST auth/register` (SPEC §7), which `POST user` equals. */
export const users = defineResource<User, z.output<typeof UserCreate>, z.output<typeof UserUpdate>>('user', { related: ['audit-log'], create: 'auth/register' });

/** `POST user/{id}/password`: a new password (the user's sessions end). */
export function useSetPassword() {
  return useMutation({ mutationFn: ({ id, password }: { id: number; password: string }) => api.post<unknown>(`${users.path}/${id}/password`, { password }) });
}

/** `DELETE user/{id}`: the account is deactivated (kept for the audit log), its sessions end. */
export function useDeactivateUser() {
  return useMutation({ mutationFn: (id: number) => api.delete<unknown>(`${users.path}/${id}`), onSuccess: () => invalidate(users) });
}
