/** Users area: calls beyond CrudScreen's `GET/POST/PUT user` (password reset, deactivation). */
import { api } from '../../lib/api';

export const USERS = 'user';

export const usersApi = {
  setPassword: (id: number, password: string) => api.post<unknown>(`${USERS}/${id}/password`, { password }),
  deactivate: (id: number) => api.delete<unknown>(`${USERS}/${id}`),
};
