/**
 * Compliance Restriction Search: for items (a cart of products or variants with quantities) and an
 * address, every rule that applies, the outcome and why; for a state or a zip alone, what is
 * restricted there, grouped by type. Everything asked is in the URL (`?items=v12:2,p7:1&state=IL&zip=60601`),
 * so a search can be shared.
 */
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ActionIcon, Anchor, Badge, Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { Link } from 'react-router';
import { COMPLIANCE_PLACES, type ComplianceCheckResult, type CompliancePlaceResult } from '@qm/contracts';
import { PageHeader } from '../../ui/PageHeader';
import { ErrorState, Spinner } from '../../ui/states';
import { IconTrash } from '../../ui/icons';
import { VariantSearchSelect, variantLabel } from '../catalog/parts/VariantSearchSelect';
import { useComplianceCheck, useRestrictedAt, type CartLine } from './api';
import { AppliedRules } from './parts/outcome';
import { EffectBadge } from '../../ui/EffectBadge';
import { DateInput } from '../../ui/inputs';
import { formatDate, formatInteger } from '../../lib/format';

interface Line {
  kind: 'p' | 'v';
  id: number;
  quantity: number;
  label?: string;
}

/** `v12:2,p7` ↔ lines. */
function parseItems(text: string | null): Line[] {
  if (!text) return [];
  return text
    .split(',')
    .map((s) => /^([pv])([1-9]\d{0,9})(?::([1-9]\d{0,5}))?$/.exec(s.trim()))
    .filter((m): m is RegExpExecArray => m !== null)
    .slice(0, 200)
    .map((m) => ({ kind: m[1] as 'p' | 'v', id: Number(m[2]), quantity: Number(m[3] ?? 1) }));
}
const itemsText = (lines: Line[]) => lines.map((l) => `${l.kind}${l.id}${l.quantity !== 1 ? `:${l.quantity}` : ''}`).join(',');
const toCart = (lines: Line[]): CartLine[] => lines.map((l) => (l.kind === 'p' ? { product_id: l.id, quantity: l.quantity } : { variant_id: l.id, quantity: l.quantity }));
const PLACES = COMPLIANCE_PLACES.map((p) => ({ value: p, label: p }));

export default function RestrictionSearchScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const asked = useMemo(
    () => ({
      lines: parseItems(params.get('items')),
      state: params.get('state') || '',
      zip: params.get('zip') || '',
      date: params.get('date') || '',
    }),
    [params],
  );
  const [lines, setLines] = useState<Line[]>(asked.lines);
  const [state, setState] = useState(asked.state);
  const [zip, setZip] = useState(asked.zip);
  const [date, setDate] = useState(asked.date);
  const zipOk = zip === '' || /^\d{5}$/.test(zip);

  const search = () => {
    // Written by hand so the items stay readable in the address (`items=v12:2,p7`): only [pv0-9:,].
    const parts = [lines.length && `items=${itemsText(lines)}`, state && `state=${state}`, zip && `zip=${zip}`, date && `date=${date}`].filter(Boolean);
    void navigate({ search: `?${parts.join('&')}` });
  };

  const validPlace = COMPLIANCE_PLACES.includes(asked.state as never);
  const checkBody = asked.lines.length && validPlace ? { items: toCart(asked.lines), state: asked.state, ...(/^\d{5}$/.test(asked.zip) && { zip: asked.zip }), ...(asked.date && { date: asked.date }) } : null;
  const placeQuery = !asked.lines.length && (validPlace || /^\d{5}$/.test(asked.zip)) ? { ...(validPlace && { state: asked.state }), ...(/^\d{5}$/.test(asked.zip) && { zip: asked.zip }), ...(asked.date && { date: asked.date }) } : null;
  const check = useComplianceCheck(checkBody);
  const place = useRestrictedAt(placeQuery);
  const labels = new Map(lines.filter((l) => l.label).map((l) => [`${l.kind}${l.id}`, l.label!]));

  return (
    <>
      <PageHeader description="Items and an address: every rule that applies, the outcome and why. A state or a zip alone: what is restricted there. The search is in the address bar, to share." />
      <Paper withBorder radius="sm" p="sm" mb="sm">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Stack gap="xs">
            <VariantSearchSelect
              label="Add an item"
              description="Search variants by SKU, UPC or product title"
              placeholder="e.g. PMAG 30"
              onPick={(id, row) => {
                if (id === null) return;
                setLines((ls) => (ls.some((l) => l.kind === 'v' && l.id === id) ? ls : [...ls, { kind: 'v', id, quantity: 1, label: row ? variantLabel(row) : undefined }]));
              }}
            />
            {lines.length ? (
              <Table fz="xs" verticalSpacing={2} aria-label="Items to check">
                <Table.Tbody>
                  {lines.map((l, i) => {
                    const shown = labels.get(`${l.kind}${l.id}`) ?? cartLabel(check.data, l) ?? `${l.kind === 'v' ? 'Variant' : 'Product'} #${l.id}`;
                    return (
                      <Table.Tr key={`${l.kind}${l.id}`}>
                        <Table.Td>{shown}</Table.Td>
                        <Table.Td w={110}>
                          <NumberInput
                            size="xs"
                            min={1}
                            max={100000}
                            value={l.quantity}
                            aria-label={`Quantity of ${shown}`}
                            onChange={(v) => setLines((ls) => ls.map((x, j) => (j === i ? { ...x, quantity: Math.max(1, Number(v) || 1) } : x)))}
                          />
                        </Table.Td>
                        <Table.Td w={40}>
                          <ActionIcon variant="subtle" color="red" size="sm" aria-label={`Remove ${shown}`} onClick={() => setLines((ls) => ls.filter((_, j) => j !== i))}>
                            <IconTrash size={14} />
                          </ActionIcon>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            ) : (
              <Text size="xs" c="dimmed">
                No items: the search says what is restricted at the place.
              </Text>
            )}
          </Stack>
          <Stack gap="xs">
            <Group grow align="flex-start">
              <Select label="State" placeholder="e.g. IL" data={PLACES} searchable clearable value={state || null} onChange={(v) => setState(v ?? '')} comboboxProps={{ withinPortal: true }} />
              <TextInput label="Zip code" placeholder="e.g. 60601" value={zip} maxLength={5} onChange={(e) => setZip(e.currentTarget.value.trim())} error={zipOk ? undefined : '5 digits'} />
              <DateInput label="Date" value={date || null} onChange={(d) => setDate(d ?? '')} description="Empty: today" w="auto" />
            </Group>
            <Group>
              <Button onClick={search} disabled={!zipOk || (!state && !zip) || (lines.length > 0 && !state)}>
                {lines.length ? 'Check these items' : 'Show restrictions here'}
              </Button>
              {lines.length && !state ? (
                <Text size="xs" c="dimmed">
                  Choose the state of the address.
                </Text>
              ) : null}
            </Group>
          </Stack>
        </SimpleGrid>
      </Paper>
      {checkBody ? <CheckResult query={check} /> : null}
      {placeQuery ? <PlaceResult query={place} /> : null}
    </>
  );
}

function cartLabel(res: ComplianceCheckResult | undefined, l: Line): string | undefined {
  const item = res?.items.find((i) => (l.kind === 'v' ? i.variant_id === l.id : i.product_id === l.id && i.variant_id === null));
  return item ? `${item.sku ?? ''} — ${item.title ?? ''}` : undefined;
}

function CheckResult({ query }: { query: ReturnType<typeof useComplianceCheck> }) {
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} title="Could not check these items" />;
  const r = query.data;
  if (!r) return <Spinner label="Checking…" />;
  return (
    <Stack gap="sm" aria-label="Outcome">
      <Group gap="xs">
        <Title order={2} size="h4">
          To {r.zip ? `${r.zip}, ` : ''}
          {r.state} on {formatDate(r.date)}:
        </Title>
        <EffectBadge effect={r.outcome} size="md" />
      </Group>
      {r.notes.map((n) => (
        <Text key={n} size="sm" c="orange">
          {n}
        </Text>
      ))}
      {r.items.map((item, i) => (
        <Paper key={i} withBorder radius="sm" p="sm">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <div>
              <Anchor component={Link} to={`/product/${item.product_id}?tab=compliance`} fw={600} size="sm">
                {item.title ?? `Product #${item.product_id}`}
              </Anchor>
              <Text size="xs" c="dimmed">
                {item.sku ?? 'no SKU'} · quantity {item.quantity.toLocaleString('en-US')}
              </Text>
            </div>
            <EffectBadge effect={item.outcome} documents={item.documents} min_age={item.min_age} />
          </Group>
          <Text size="sm" mt={6} mb={item.rules.length ? 6 : 0}>
            {item.reason}
          </Text>
          <AppliedRules rules={item.rules} />
        </Paper>
      ))}
    </Stack>
  );
}

function PlaceResult({ query }: { query: ReturnType<typeof useRestrictedAt> }) {
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} title="Could not search this place" />;
  const r: CompliancePlaceResult | undefined = query.data;
  if (!r) return <Spinner label="Searching…" />;
  const count = r.types.reduce((n, t) => n + t.rules.length, 0);
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Restricted in {r.zip ? `${r.zip}, ` : ''}
        {r.state} on {formatDate(r.date)}: {formatInteger(count)} {count === 1 ? 'rule' : 'rules'}
      </Title>
      {r.notes.map((n) => (
        <Text key={n} size="sm" c="orange">
          {n}
        </Text>
      ))}
      {!count ? <Text size="sm" c="dimmed">No rule applies here on this date.</Text> : null}
      {r.types.map((t) => (
        <Paper key={t.restriction_type_id} withBorder radius="sm" p="sm">
          <Group gap="xs" mb={6}>
            <EffectBadge effect={t.effect} document={t.document} min_age={t.min_age} />
            <Text fw={600} size="sm">
              {t.name}
            </Text>
            <Badge size="xs" variant="light" color="gray" radius="sm">
              {t.rules.length} {t.rules.length === 1 ? 'rule' : 'rules'}
            </Badge>
          </Group>
          <Table fz="xs" verticalSpacing={4} striped="even" withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Rule</Table.Th>
                <Table.Th>Target</Table.Th>
                <Table.Th>Where</Table.Th>
                <Table.Th>Citation</Table.Th>
                <Table.Th ta="right">Products</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {t.rules.map((x) => (
                <Table.Tr key={x.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/compliance-restriction/${x.id}`} size="xs">
                      {x.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{x.target_label}</Table.Td>
                  <Table.Td>{x.where}</Table.Td>
                  <Table.Td>
                    {x.citation_url ? (
                      <Anchor href={x.citation_url} target="_blank" rel="noreferrer noopener" size="xs">
                        {x.citation}
                      </Anchor>
                    ) : (
                      x.citation
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{x.product_count.toLocaleString('en-US')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      ))}
    </Stack>
  );
}
