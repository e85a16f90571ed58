/** A status of a lookup list (SPEC §7 "Statuses") as a badge: named by the lookup, coloured per code. */
import { Badge } from '@mantine/core';
import type { StatusKind } from '@qm/contracts';
import { useStatusName } from '../lib/lookups';

/**
 * `status`'s name in the `kind` list (`fallback`: the contract's labels while it loads), in its colour;
 * `outline` for a second status beside the first (an invoice's, a customer-service status).
 */
export function StatusBadge<S extends string>({
  kind,
  status,
  colors,
  fallback,
  outline = false,
}: {
  kind: StatusKind;
  status: S;
  colors: Readonly<Record<S, string>>;
  fallback?: Readonly<Record<string, string>>;
  outline?: boolean;
}) {
  const name = useStatusName(kind, fallback);
  return (
    <Badge size="sm" radius="sm" variant={outline ? 'outline' : 'light'} color={colors[status]}>
      {name(status)}
    </Badge>
  );
}
