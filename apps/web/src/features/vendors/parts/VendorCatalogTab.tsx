/**
 * The vendor page's catalogue tab: the lines the vendor sells us, matched to our variants (by UPC,
 * then SKU, or by a person), filtered by matched/unmatched and stock, searched by SKU, name or UPC;
 * "Match" on an unmatched line, a line's cost, stock, drop-ship, MAP and match corrected by hand
 * ("Edit line…"), "Match again" for the vendor, and the import of their price/stock file.
 */
import { useMemo, useState } from 'react';
import { Anchor, Badge, Button, Group, Menu, ActionIcon, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router';
import { isAllowed, type VendorProduct, VENDOR_PRODUCT_LIST } from '@qm/contracts';
import { errorMessage } from '../../../lib/api';
import { plural } from '../../../lib/format';
import { usePermissions } from '../../../lib/session';
import { alertDialog } from '../../../ui/ConfirmDialog';
import { BooleanBadge, CodeDisplay, DateTimeDisplay, IntegerDisplay, MoneyDisplay } from '../../../ui/displays';
import { IconDots } from '../../../ui/icons';
import { ResourceList, type Column } from '../../../ui/ResourceList';
import { useMatchAgain, useMatchLine, vendorCatalog } from '../catalogApi';
import { MatchDialog } from './MatchDialog';
import { VendorImportDialog } from './VendorImportDialog';
import { VendorLineDialog } from './VendorLineDialog';

const MATCH_LABELS: Record<string, string> = { upc: 'By UPC', sku: 'By SKU', manual: 'By hand' };

export function MatchBadge({ line }: { line: Pick<VendorProduct, 'variant_id' | 'match_method'> }) {
  if (line.variant_id === null)
    return (
      <Badge size="sm" radius="sm" variant="light" color={line.match_method === 'manual' ? 'gray' : 'orange'}>
        {line.match_method === 'manual' ? 'Not ours' : 'Unmatched'}
      </Badge>
    );
  return (
    <Badge size="sm" radius="sm" variant="light" color={line.match_method === 'manual' ? 'blue' : 'teal'}>
      {MATCH_LABELS[line.match_method ?? ''] ?? 'Matched'}
    </Badge>
  );
}

const columns: Column<VendorProduct>[] = [
  { key: 'vendor_sku', header: 'Vendor SKU', render: (r) => <CodeDisplay value={r.vendor_sku} strong /> },
  { key: 'name', header: 'Name', render: (r) => <Text size="sm" className="qm-cell-text">{r.name ?? '—'}</Text> },
  { key: 'upc', header: 'UPC', render: (r) => <CodeDisplay value={r.upc} /> },
  {
    key: 'variant_sku',
    header: 'Our variant',
    render: (r) =>
      r.variant_id === null ? (
        <Text span c="dimmed" size="sm">—</Text>
      ) : (
        <Stack gap={0}>
          <Anchor component={Link} to={`/product/${r.product_id}`} size="sm" onClick={(e) => e.stopPropagation()}>
            {r.variant_sku}
          </Anchor>
          <Text size="xs" c="dimmed" className="qm-cell-text">{r.product_title}</Text>
        </Stack>
      ),
  },
  { key: 'match_method', header: 'Match', render: (r) => <MatchBadge line={r} /> },
  { key: 'cost_cents', header: 'Cost', align: 'right', render: (r) => <MoneyDisplay cents={r.cost_cents} /> },
  { key: 'quantity_available', header: 'Available', align: 'right', render: (r) => <IntegerDisplay value={r.quantity_available} /> },
  { key: 'can_drop_ship', header: 'Drop-ship', defaultVisible: false, render: (r) => <BooleanBadge value={r.can_drop_ship} /> },
  { key: 'map_cents', header: 'MAP', align: 'right', render: (r) => <MoneyDisplay cents={r.map_cents} /> },
  { key: 'last_synced_at', header: 'Last synced', render: (r) => <DateTimeDisplay value={r.last_synced_at} dateOnly /> },
  { key: 'id', header: 'ID', align: 'right', defaultVisible: false },
];

export function VendorCatalogTab({ vendorId }: { vendorId: number }) {
  const resource = useMemo(() => vendorCatalog(vendorId), [vendorId]);
  const canWrite = isAllowed(['vendors.write'], usePermissions());
  const [matching, setMatching] = useState<VendorProduct | null>(null);
  const [editing, setEditing] = useState<VendorProduct | null>(null);
  const [importing, setImporting] = useState(false);
  const matchAgain = useMatchAgain(vendorId);
  const matchLine = useMatchLine(vendorId);

  const runMatchAgain = async () => {
    try {
      const r = await matchAgain.mutateAsync();
      const matched = r.matched_by_upc + r.matched_by_sku;
      notifications.show({
        color: matched ? 'teal' : 'gray',
        message: matched
          ? `Matched ${plural(matched, 'line')} (${r.matched_by_upc} by UPC, ${r.matched_by_sku} by SKU); ${plural(r.still_unmatched, 'line')} still unmatched`
          : `No line could be matched; ${plural(r.still_unmatched, 'line')} still unmatched`,
      });
    } catch (e) {
      alertDialog('Error', errorMessage(e));
    }
  };

  const clearMatch = async (line: VendorProduct) => {
    try {
      await matchLine.mutateAsync({ id: line.id, variantId: null });
      notifications.show({ color: 'teal', message: `${line.vendor_sku} is marked as none of ours` });
    } catch (e) {
      alertDialog('Error', errorMessage(e));
    }
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" gap="xs">
        <Text size="sm" c="dimmed">
          What this vendor sells us, matched to our variants by UPC, then by SKU, or by hand. Import their price and stock file to update it.
        </Text>
        {canWrite ? (
          <Group gap="xs">
            <Button size="xs" variant="default" loading={matchAgain.isPending} onClick={() => void runMatchAgain()}>
              Match again
            </Button>
            <Button size="xs" onClick={() => setImporting(true)}>
              Import price file
            </Button>
          </Group>
        ) : null}
      </Group>
      <ResourceList<VendorProduct>
        resource={resource}
        fields={VENDOR_PRODUCT_LIST}
        noun={{ one: 'line', many: 'lines' }}
        label="Vendor catalogue"
        preferenceKey="columns.vendor-catalog"
        columns={columns}
        defaultSort="vendor_sku"
        searchPlaceholder="Vendor SKU, name, UPC or our SKU"
        exportCsv
        filters={[
          { kind: 'boolean', key: 'matched', label: 'Match', trueLabel: 'Matched', falseLabel: 'Unmatched' },
          { kind: 'boolean', key: 'in_stock', label: 'Stock', trueLabel: 'In stock', falseLabel: 'Out of stock' },
          { kind: 'boolean', key: 'can_drop_ship', label: 'Drop-ship' },
        ]}
        rowActions={
          canWrite
            ? (row) => (
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  {row.variant_id === null ? (
                    <Button size="compact-xs" variant="light" onClick={() => setMatching(row)} aria-label={`Match ${row.vendor_sku}`}>
                      Match
                    </Button>
                  ) : null}
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon variant="subtle" size="sm" aria-label={`Actions for ${row.vendor_sku}`}>
                        <IconDots />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item onClick={() => setEditing(row)}>Edit line…</Menu.Item>
                      <Menu.Item onClick={() => setMatching(row)}>{row.variant_id === null ? 'Match to a variant' : 'Match to another variant'}</Menu.Item>
                      {row.variant_id !== null || row.match_method !== 'manual' ? (
                        <Menu.Item onClick={() => void clearMatch(row)}>None of ours (keep unmatched)</Menu.Item>
                      ) : null}
                    </Menu.Dropdown>
                  </Menu>
                </Group>
              )
            : undefined
        }
      />
      {canWrite ? (
        <>
          <MatchDialog vendorId={vendorId} line={matching} onClose={() => setMatching(null)} />
          <VendorLineDialog vendorId={vendorId} line={editing} onClose={() => setEditing(null)} />
          <VendorImportDialog vendorId={vendorId} opened={importing} onClose={() => setImporting(false)} />
        </>
      ) : null}
    </Stack>
  );
}
