/**
 * The fee schema page's preview: a basket of variants (found by SKU, UPC or title) and quantities,
 * optionally a vendor (its catalogue costs and shipping) and a day; the server computes each fee
 * line by line with why (`POST vendor-fee-schema/{id}/preview`, the same computation routing uses).
 */
import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { FeePreview, VariantListItem } from '@qm/contracts';
import { errorMessage } from '../../../lib/api';
import { formatCents, formatDate, formatInteger, toIsoDate } from '../../../lib/format';
import { IconButton } from '../../../ui/IconButton';
import { CodeDisplay, MoneyDisplay } from '../../../ui/displays';
import { IconTrash } from '../../../ui/icons';
import { DateInput, IntegerInput, MoneyInput } from '../../../ui/inputs';
import { VariantSearchSelect } from '../../catalog/parts/VariantSearchSelect';
import { usePreviewFees, useVendorOptions } from '../api';
import { DETAIL_TABLE } from '../../../ui/listParams';

interface Line {
  variant: VariantListItem;
  quantity: number | null;
  unit_cost_cents: number | null;
}

const STATUS: Record<FeePreview['fees'][number]['status'], { label: string; color: string }> = {
  charged: { label: 'Charged', color: 'teal' },
  waived: { label: 'Waived', color: 'gray' },
  not_effective: { label: 'Not in force', color: 'orange' },
  no_matching_lines: { label: 'Not applicable', color: 'gray' },
};

export function FeePreviewPanel({ schemaId }: { schemaId: number }) {
  const vendors = useVendorOptions();
  const [vendorId, setVendorId] = useState<string | null>(null);
  const [date, setDate] = useState<string | null>(toIsoDate(new Date()));
  const [lines, setLines] = useState<Line[]>([]);
  const preview = usePreviewFees(schemaId);
  const result = preview.data;

  const add = (v: VariantListItem) => setLines((ls) => (ls.some((l) => l.variant.id === v.id) ? ls : [...ls, { variant: v, quantity: 1, unit_cost_cents: null }]));
  const change = (i: number, patch: Partial<Line>) => setLines((ls) => ls.map((l, k) => (k === i ? { ...l, ...patch } : l)));
  const run = () =>
    preview.mutate({
      vendor_id: vendorId ? Number(vendorId) : null,
      date: date ?? toIsoDate(new Date()),
      lines: lines.map((l) => ({ variant_id: l.variant.id, quantity: l.quantity ?? 0, unit_cost_cents: l.unit_cost_cents })),
    });

  return (
    <Stack gap="sm">
      <Paper withBorder radius="sm" p="sm" component="section" aria-label="Basket">
        <Text size="sm" fw={600}>
          Basket
        </Text>
        <Text size="xs" c="dimmed" mb="xs">
          Variants and quantities of one vendor order. Unit cost: as typed, else the vendor's catalogue cost, else the variant's cost.
        </Text>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm" mb="xs">
          <Select label="Vendor (costs and shipping)" placeholder="This schema only" data={vendors.options} value={vendorId} onChange={setVendorId} clearable searchable comboboxProps={{ withinPortal: true }} />
          <DateInput label="Order date" description="Empty: today" value={date} onChange={setDate} w="auto" />
          <VariantSearchSelect label="Add a variant" placeholder="SKU, UPC or title, e.g. 9mm 115" onPick={(_, v) => v && add(v)} />
        </SimpleGrid>
        {lines.length ? (
          <Table verticalSpacing={4} horizontalSpacing="xs" fz="sm" aria-label="Basket lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Variant</Table.Th>
                <Table.Th w={130}>Quantity</Table.Th>
                <Table.Th w={150}>Unit cost</Table.Th>
                <Table.Th w={40} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((l, i) => (
                <Table.Tr key={l.variant.id} data-sku={l.variant.sku}>
                  <Table.Td>
                    <CodeDisplay value={l.variant.sku} strong />{' '}
                    <Text span size="sm">
                      {l.variant.product_title}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatInteger(l.variant.units_per_package)} per package
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <IntegerInput size="xs" aria-label={`Quantity of ${l.variant.sku}`} min={1} max={1_000_000} value={l.quantity} onChange={(q) => change(i, { quantity: q })} />
                  </Table.Td>
                  <Table.Td>
                    <MoneyInput size="xs" aria-label={`Unit cost of ${l.variant.sku}`} placeholder="default" value={l.unit_cost_cents} onChange={(c) => change(i, { unit_cost_cents: c })} />
                  </Table.Td>
                  <Table.Td>
                    <IconButton label={`Remove ${l.variant.sku}`} color="red" onClick={() => setLines((ls) => ls.filter((_, k) => k !== i))}>
                      <IconTrash size={14} />
                    </IconButton>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text size="sm" c="dimmed">
            Find variants above to build a basket.
          </Text>
        )}
        <Group mt="xs">
          <Button size="xs" onClick={run} loading={preview.isPending} disabled={!lines.length || lines.some((l) => !l.quantity)}>
            Preview fees
          </Button>
        </Group>
      </Paper>
      {preview.isError ? (
        <Alert color="red" variant="light" title="Could not preview" role="alert">
          {errorMessage(preview.error)}
        </Alert>
      ) : null}
      {result ? <PreviewResult result={result} /> : null}
    </Stack>
  );
}

function PreviewResult({ result }: { result: FeePreview }) {
  const skuOf = new Map(result.basket.map((b) => [b.variant_id, b.sku]));
  return (
    <Paper withBorder radius="sm" p="sm" component="section" aria-label="Fees of this basket">
      <Group justify="space-between" mb="xs">
        <Text size="sm" fw={600}>
          Fees of this basket{result.vendor ? ` from ${result.vendor.name}` : ''} on {formatDate(result.date)}
        </Text>
        <Text size="sm">
          Items <MoneyDisplay cents={result.order_amount_cents} />
          {result.shipping_cents !== null ? (
            <>
              {' · '}shipping <MoneyDisplay cents={result.shipping_cents} />
            </>
          ) : null}
        </Text>
      </Group>
      <Table {...DETAIL_TABLE} striped aria-label="Fee lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Fee</Table.Th>
            <Table.Th w={130}>Status</Table.Th>
            <Table.Th>Why</Table.Th>
            <Table.Th>Lines</Table.Th>
            <Table.Th ta="right" w={110}>
              Amount
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {result.fees.map((f) => (
            <Table.Tr key={f.fee_id} data-fee={f.name}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {f.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatCents(f.amount_cents)} {f.application === 'fixed' ? 'per order' : `per ${f.unit_basis === 'item' ? 'item' : f.unit_basis?.replace(/s$/, '')}`}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge size="sm" variant="light" radius="sm" color={STATUS[f.status].color}>
                  {STATUS[f.status].label}
                </Badge>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'normal' }}>{f.reason}</Table.Td>
              <Table.Td>
                {f.application === 'per_unit' && f.status === 'charged'
                  ? f.lines
                      .filter((l) => l.units > 0)
                      .map((l) => (
                        <Text key={l.variant_id} size="xs">
                          {skuOf.get(l.variant_id)}: {formatInteger(l.units)} → {formatCents(l.cents)}
                        </Text>
                      ))
                  : null}
              </Table.Td>
              <Table.Td ta="right" className="qm-num">
                <MoneyDisplay cents={f.total_cents} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={4}>Total fees</Table.Th>
            <Table.Th ta="right" className="qm-num" data-testid="fees-total">
              <MoneyDisplay cents={result.fees_cents} />
            </Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Paper>
  );
}
