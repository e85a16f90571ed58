/** Matching one vendor line to one of our variants by hand: the catalogue's variant search (SKU, UPC or title). */
import { useEffect, useState } from 'react';
import { Button, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { VendorProduct } from '@qm/contracts';
import { errorMessage } from '../../../lib/api';
import { alertDialog } from '../../../ui/ConfirmDialog';
import { MoneyDisplay } from '../../../ui/displays';
import { IconSearch } from '../../../ui/icons';
import { useVariantSearch } from '../../catalog/api';
import { useMatchLine } from '../catalogApi';
import { VariantResults } from '../../catalog/parts/VariantResults';

export function MatchDialog({ vendorId, line, onClose }: { vendorId: number; line: VendorProduct | null; onClose: () => void }) {
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q.trim(), 300);
  const results = useVariantSearch(debounced);
  const matchLine = useMatchLine(vendorId);
  const [busy, setBusy] = useState<number | null>(null);
  useEffect(() => {
    // Start from the words of the vendor's name for the line (the UPC and SKU already failed to match).
    if (line) setQ((line.name ?? line.vendor_sku).split(/\s+/).slice(0, 4).join(' '));
  }, [line]);

  const match = async (variantId: number, sku: string) => {
    if (!line) return;
    setBusy(variantId);
    try {
      await matchLine.mutateAsync({ id: line.id, variantId });
      notifications.show({ color: 'teal', message: `${line.vendor_sku} matched to ${sku}` });
      onClose();
    } catch (e) {
      alertDialog('Error', errorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  const found = results.data?.data ?? [];
  return (
    <Modal opened={line !== null} onClose={onClose} title={line ? `Match ${line.vendor_sku}` : 'Match'} size="lg">
      {line ? (
        <Stack gap="sm">
          <Text size="sm">
            {line.name ?? 'No name'} · UPC {line.upc ?? 'none'} · cost <MoneyDisplay cents={line.cost_cents} />
          </Text>
          <TextInput
            size="xs"
            label="Find our variant"
            description="By SKU, UPC or product title"
            placeholder="e.g. 9mm 115 FMJ, or a SKU"
            leftSection={<IconSearch size={14} />}
            rightSection={results.isFetching ? <Loader size={12} /> : null}
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
            data-autofocus
            type="search"
          />
          {debounced.length >= 2 && results.data ? (
            <VariantResults
              found={found}
              action={(v) => (
                <Button size="compact-xs" loading={busy === v.id} onClick={() => void match(v.id, v.sku)} aria-label={`Match to ${v.sku}`}>
                  Match
                </Button>
              )}
            />
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" size="xs" onClick={onClose}>
              Cancel
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
