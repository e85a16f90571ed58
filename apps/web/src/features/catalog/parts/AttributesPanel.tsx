/**
 * Attribute values side by side: for every attribute, the canonical value (no source), which staff set
 * or change here, and the values sources sent (a vendor's catalogue, a store), which can be taken over.
 * Changed values are drafts until the editor's save bar saves them (`useEditorSection`).
 */
import { useMemo, useState } from 'react';
import { Badge, Button, Group, Paper, Select, Table, Text, TextInput, Tooltip } from '@mantine/core';
import type { Attribute, AttributeData, AttributeValue } from '@qm/contracts';
import { errorMessage, isApiError } from '../../../lib/api';
import { useEditorSection } from '../../../ui/Editor';
import { saveProblemOf } from '../../../lib/errors';
import { IconUndo, IconPencil, IconSearch } from '../../../ui/icons';
import { ErrorState, Spinner } from '../../../ui/states';
import { useAttributes, useSaveAttributeValue, type Owner } from '../api';
import { AttributeValueInput, AttributeValueView, checkAttributeValue, formatAttributeValue } from './attributeValues';
import { TableHead } from '../../../ui/TableHead';
import { IconButton } from '../../../ui/IconButton';
import { DETAIL_TABLE } from '../../../ui/listParams';

type Show = 'all' | 'set' | 'empty' | 'required' | 'differs';

export interface AttributesPanelProps {
  /** The product or family whose values these are (saved through it; a 409 reads it again). */
  owner: Owner;
  data: AttributeData[];
  readOnly: boolean;
}

/** The attribute values of a product or family, once the attributes are loaded. */
export function AttributesPanel(props: AttributesPanelProps) {
  const attributes = useAttributes();
  if (attributes.data) return <AttributeValues {...props} attributes={attributes.data} />;
  if (attributes.isError) return <ErrorState error={attributes.error} onRetry={() => void attributes.refetch()} title="Could not load attributes" />;
  return <Spinner label="Loading attributes…" />;
}

function AttributeValues({ owner, attributes, data, readOnly }: AttributesPanelProps & { attributes: Attribute[] }) {
  const saveValue = useSaveAttributeValue(owner);
  const [search, setSearch] = useState('');
  const [show, setShow] = useState<Show>('all');
  /** Attribute → the value typed or taken over, not saved yet. */
  const [drafts, setDrafts] = useState<ReadonlyMap<number, unknown>>(new Map());
  const [problems, setProblems] = useState<ReadonlyMap<number, string>>(new Map());

  const byAttribute = useMemo(() => {
    const m = new Map<number, { canonical: AttributeData | null; sourced: AttributeData[] }>();
    for (const d of data) {
      const e = m.get(d.attribute_id) ?? { canonical: null, sourced: [] };
      if (d.source_type === null) e.canonical = d;
      else e.sourced.push(d);
      m.set(d.attribute_id, e);
    }
    return m;
  }, [data]);

  const rows = attributes.filter((a) => {
    const e = byAttribute.get(a.id);
    const q = search.trim().toLowerCase();
    if (q && !a.name.toLowerCase().includes(q) && !a.code.includes(q)) return false;
    const hasCanonical = Boolean(e?.canonical);
    switch (show) {
      case 'set':
        return hasCanonical;
      case 'empty':
        return !hasCanonical;
      case 'required':
        return a.required_for_publish && !hasCanonical;
      case 'differs':
        return Boolean(e?.sourced.some((s) => JSON.stringify(s.value) !== JSON.stringify(e.canonical?.value)));
      default:
        return true;
    }
  });

  const setDraft = (a: Attribute, value: unknown) => {
    setDrafts((m) => new Map(m).set(a.id, value));
    setProblems((m) => without(m, a.id));
  };
  const start = (a: Attribute, value?: unknown) => setDraft(a, value ?? byAttribute.get(a.id)?.canonical?.value ?? null);
  const without = <V,>(m: ReadonlyMap<number, V>, id: number): ReadonlyMap<number, V> => {
    if (!m.has(id)) return m;
    const next = new Map(m);
    next.delete(id);
    return next;
  };
  const undo = (id: number) => {
    setDrafts((m) => without(m, id));
    setProblems((m) => without(m, id));
  };

  const byId = useMemo(() => new Map(attributes.map((a) => [a.id, a])), [attributes]);
  /** Saves every draft, one request each; a value refused keeps its draft and shows why. */
  const saveDrafts = async () => {
    const failed = new Map<number, string>();
    for (const [id, value] of drafts) {
      const a = byId.get(id);
      if (!a) continue;
      const checked = checkAttributeValue(a, value);
      if (checked.problem || checked.value === null) {
        failed.set(id, checked.problem ?? 'Enter a value, or undo the change.');
        continue;
      }
      try {
        await saveValue.mutateAsync({ attributeId: id, value: checked.value, current: byAttribute.get(id)?.canonical });
        undo(id);
      } catch (e) {
        failed.set(
          id,
          saveProblemOf(e, 'value').kind === 'stale'
            ? 'Someone else changed this value first. Reload to see it; what you typed is still here.'
            : isApiError(e) && e.fields.value
              ? e.fields.value
              : errorMessage(e),
        );
      }
    }
    setProblems(failed);
    if (failed.size) throw new Error('not saved');
  };
  const firstDraft = drafts.size === 1 ? byId.get([...drafts.keys()][0]!) : undefined;
  useEditorSection('attributes', {
    label: firstDraft ? `the ${firstDraft.name} value` : `${drafts.size} attribute values`,
    dirty: drafts.size > 0,
    save: saveDrafts,
    discard: () => {
      setDrafts(new Map());
      setProblems(new Map());
    },
  });

  const missingRequired = attributes.filter((a) => a.required_for_publish && !byAttribute.get(a.id)?.canonical).length;

  return (
    <Paper withBorder radius="sm" p={0}>
      <Group justify="space-between" p="xs" gap="xs">
        <Group gap="xs">
          <TextInput
            size="xs"
            aria-label="Find an attribute"
            placeholder="Find an attribute"
            leftSection={<IconSearch size={14} />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            w={220}
          />
          <Select
            size="xs"
            aria-label="Show"
            value={show}
            onChange={(v) => setShow((v as Show) ?? 'all')}
            allowDeselect={false}
            w={220}
            data={[
              { value: 'all', label: 'All attributes' },
              { value: 'set', label: 'With a canonical value' },
              { value: 'empty', label: 'Without a canonical value' },
              { value: 'required', label: 'Required to publish, missing' },
              { value: 'differs', label: 'Sources differ' },
            ]}
            comboboxProps={{ withinPortal: true }}
          />
        </Group>
        {missingRequired > 0 ? (
          <Badge color="orange" variant="light" radius="sm">
            {missingRequired} required to publish missing
          </Badge>
        ) : null}
      </Group>
      <div className="qm-table-wrap qm-auto">
        <Table {...DETAIL_TABLE} aria-label="Attribute values" highlightOnHover>
          <TableHead cells={[{ label: 'Attribute', w: '24%' }, { label: 'Canonical value', w: '38%' }, 'From sources']} />
          <Table.Tbody>
            {rows.map((a) => {
              const e = byAttribute.get(a.id);
              const isEditing = drafts.has(a.id);
              return (
                <Table.Tr key={a.id} data-attribute={a.code}>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm" fw={500}>
                        {a.name}
                      </Text>
                      {a.required_for_publish ? (
                        <Tooltip label="Required for publishing">
                          <Badge size="xs" radius="sm" variant={e?.canonical ? 'outline' : 'filled'} color={e?.canonical ? 'gray' : 'orange'}>
                            Required
                          </Badge>
                        </Tooltip>
                      ) : null}
                    </Group>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {a.code} · {a.type}
                      {a.unit ? ` (${a.unit})` : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'normal' }}>
                    {isEditing ? (
                      <Group gap={6} align="flex-start" wrap="nowrap">
                        <div
                          onKeyDown={(ev) => {
                            if (ev.key === 'Escape') undo(a.id);
                          }}
                        >
                          <AttributeValueInput attr={a} value={drafts.get(a.id) as AttributeValue | null} onChange={(v) => setDraft(a, v)} label={`${a.name} value`} error={problems.get(a.id) ?? null} autoFocus />
                        </div>
                        <Badge size="xs" radius="sm" color="yellow" variant="light" mt={6}>
                          Unsaved
                        </Badge>
                        <IconButton label={`Undo the change to ${a.name}`} onClick={() => undo(a.id)}>
                          <IconUndo size={14} />
                        </IconButton>
                      </Group>
                    ) : (
                      <Group gap={6} wrap="nowrap" justify="space-between">
                        <AttributeValueView attr={a} value={e?.canonical?.value} />
                        {!readOnly ? (
                          <IconButton label={e?.canonical ? `Change ${a.name}` : `Set ${a.name}`} onClick={() => start(a)}>
                            <IconPencil size={14} />
                          </IconButton>
                        ) : null}
                      </Group>
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'normal' }}>
                    {e?.sourced.length ? (
                      <Group gap={4}>
                        {e.sourced.map((s) => {
                          const same = JSON.stringify(s.value) === JSON.stringify(e.canonical?.value);
                          return (
                            <Badge
                              key={s.id}
                              variant={same ? 'light' : 'outline'}
                              color={same ? 'gray' : 'orange'}
                              radius="sm"
                              size="md"
                              tt="none"
                              fw={400}
                              rightSection={
                                !readOnly && !same ? (
                                  <Tooltip label={`Use ${s.source_label ?? s.source_type}'s value as the canonical ${a.name}`}>
                                    <Button size="compact-xs" variant="subtle" px={4} onClick={() => start(a, s.value)} aria-label={`Use ${s.source_label ?? s.source_type} value for ${a.name}`}>
                                      Use
                                    </Button>
                                  </Tooltip>
                                ) : undefined
                              }
                            >
                              <Text span size="xs" c="dimmed">
                                {s.source_label ?? `${s.source_type} ${s.source_id}`}:
                              </Text>{' '}
                              {formatAttributeValue(a, s.value)}
                            </Badge>
                          );
                        })}
                      </Group>
                    ) : (
                      <Text span c="dimmed" size="sm">
                        —
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={3}>
                  <Text size="sm" c="dimmed" ta="center" py="md">
                    No attribute matches.
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
          </Table.Tbody>
        </Table>
      </div>
    </Paper>
  );
}
