/** Users area: calls and query helpers (`GET/POST/PUT/DELETE user`, password reset). */
import type { User, UserCreate, UserUpdate } from '@qm/contracts';
import { api } from '../../lib/api';

export const USERS = 'user';

export const usersApi = {
  get: (id: number | string, signal?: AbortSignal) => api.data<User>(`${USERS}/${id}`, undefined, signal),
  create: (body: UserCreate) => api.post<{ data: User }>(USERS, body),
  update: (id: number, body: UserUpdate) => api.put<{ data: User }>(`${USERS}/${id}`, body),
  setPassword: (id: number, password: string) => api.post<unknown>(`${USERS}/${id}/password`, { password }),
  deactivate: (id: number) => api.delete<unknown>(`${USERS}/${id}`),
};
