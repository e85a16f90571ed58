/**
 * Per-user preferences (e.g. the columns chosen for a list): `GET/PUT me/preferences/<key>` →
 * `{ data: value }`. When the server cannot keep them, they are kept in this browser instead.
 */
import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from './api';
import { qk } from './queryKeys';
import { getSession } from './session';

function localKey(key: string): string {
  return `quartermaster_pref.${getSession().user?.id ?? 'anon'}.${key}`;
}

function readLocal<T>(key: string): T | null {
  try {
    const raw = window.localStorage.getItem(localKey(key));
    return raw === null ? null : (JSON.parse(raw) as T);
  } catch {
    return null;
  }
}

function writeLocal(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(localKey(key), JSON.stringify(value));
  } catch {
    // Storage unavailable: the choice lasts for this page only.
  }
}

async function loadPreference<T>(key: string): Promise<T | null> {
  try {
    const value = await api.data<T | null>(`me/preferences/${encodeURIComponent(key)}`);
    return value ?? readLocal<T>(key);
  } catch (e) {
    if (isApiError(e) && e.status === 401) throw e;
    return readLocal<T>(key);
  }
}

/** `[value | null, save, loaded]`: value is null until chosen. */
export function usePreference<T>(key: string): [T | null, (value: T) => void, boolean] {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: qk.preference(key),
    queryFn: () => loadPreference<T>(key),
    staleTime: Infinity,
    retry: false,
  });
  const save = useCallback(
    (value: T) => {
      // A load still on its way would put the old value back over this one when it lands (the user
      // chose while the page was still reading the saved choice): it is cancelled, which restores the
      // state as last set — this value.
      client.setQueryData(qk.preference(key), value);
      void client.cancelQueries({ queryKey: qk.preference(key) });
      writeLocal(key, value);
      api.put(`me/preferences/${encodeURIComponent(key)}`, { value }).catch(() => {
        // Kept locally; the server copy catches up next time.
      });
    },
    [client, key],
  );
  return [query.data ?? null, save, !query.isPending];
}
