/**
 * Modifiers of a product or a family (e.g. "Quantity": Box of 50 / Case of 1000): each has a display
 * type and options; each option applies to some of the owner's variants, and exactly one option is the
 * default — choosing one clears the others at once. An option only ever shows variants the owner has:
 * a variant removed from a family leaves every option immediately. Changes to a modifier are drafts
 * saved by the editor's save bar; a new modifier is created by its own Create button.
 */
import { useMemo, useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Card, Group, MultiSelect, Radio, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MODIFIER_DISPLAY_TYPES, type Modifier } from '@qm/contracts';
import { errorMessage, isApiError } from '../../../lib/api';
import { saveProblemOf } from '../../../lib/errors';
import { confirmDialog } from '../../../ui/ConfirmDialog';
import { IconPlus, IconTrash } from '../../../ui/icons';
import { EmptyState } from '../../../ui/states';
import { useEditorSection } from '../../../ui/Editor';
import { useDeleteModifier, useSaveModifier, type ModifierInput, type Owner } from '../api';
import { TableHead } from '../../../ui/TableHead';
import { IconButton } from '../../../ui/IconButton';
import { MoveButtons, moved } from '../../../ui/MoveButtons';

export const DISPLAY_TYPE_LABELS: Record<Modifier['display_type'], string> = {
  radio_buttons: 'Radio buttons',
  rectangles: 'Rectangles',
  dropdown: 'Dropdown',
  product_list: 'Product list',
  product_list_with_images: 'Product list with images',
};
const displayTypeOptions = MODIFIER_DISPLAY_TYPES.map((t) => ({ value: t, label: DISPLAY_TYPE_LABELS[t] }));

export interface VariantChoice {
  id: number;
  label: string;
}

interface DraftOption {
  key: string;
  id?: number;
  label: string;
  is_default: boolean;
  variant_ids: number[];
}
interface Draft {
  name: string;
  display_type: Modifier['display_type'];
  options: DraftOption[];
}

let keySeq = 0;
const newKey = () => `new-${++keySeq}`;

function toDraft(m: Modifier | null): Draft {
  if (!m) return { name: '', display_type: 'radio_buttons', options: [{ key: newKey(), label: '', is_default: true, variant_ids: [] }] };
  return {
    name: m.name,
    display_type: m.display_type,
    options: m.options.map((o) => ({ key: `o${o.id}`, id: o.id, label: o.label, is_default: o.is_default, variant_ids: o.variant_ids })),
  };
}

export interface ModifiersEditorProps {
  /** The product or family: read again after any save (the server re-syncs option → variant links). */
  owner: Owner;
  modifiers: Modifier[];
  variants: VariantChoice[];
  readOnly: boolean;
}

export function ModifiersEditor({ owner, modifiers, variants, readOnly }: ModifiersEditorProps) {
  const [adding, setAdding] = useState(false);
  return (
    <Stack gap="sm">
      {modifiers.length === 0 && !adding ? (
        <Card withBorder radius="sm" p="sm">
          <EmptyState title="No modifiers">
            A modifier lets shoppers choose among variants on the storefront, e.g. “Quantity”: Box of 50 or Case of 1000.
          </EmptyState>
        </Card>
      ) : null}
      {modifiers.map((m) => (
        <ModifierCard key={`${m.id}:${m.version}:${m.options.map((o) => `${o.id}.${o.version}`).join(',')}`} owner={owner} modifier={m} variants={variants} readOnly={readOnly} />
      ))}
      {adding ? (
        <ModifierCard
          owner={owner}
          modifier={null}
          variants={variants}
          readOnly={readOnly}
          onCreated={() => setAdding(false)}
          onCancel={() => setAdding(false)}
        />
      ) : null}
      {!readOnly && !adding ? (
        <Group>
          <Button variant="default" leftSection={<IconPlus size={14} />} onClick={() => setAdding(true)}>
            Add modifier
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

function ModifierCard({
  owner,
  modifier,
  variants,
  readOnly,
  onCreated,
  onCancel,
}: {
  owner: Owner;
  modifier: Modifier | null;
  variants: VariantChoice[];
  readOnly: boolean;
  onCreated?: () => void;
  onCancel?: () => void;
}) {
  const saveModifier = useSaveModifier(owner);
  const deleteModifier = useDeleteModifier(owner);
  const initial = useMemo(() => toDraft(modifier), [modifier]);
  const [draft, setDraft] = useState<Draft>(initial);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const allowed = useMemo(() => new Set(variants.map((v) => v.id)), [variants]);
  const variantOptions = variants.map((v) => ({ value: String(v.id), label: v.label }));
  // Only the owner's variants: one that left the owner leaves every option at once.
  const options = draft.options.map((o) => ({ ...o, variant_ids: o.variant_ids.filter((id) => allowed.has(id)) }));
  const dirty = modifier === null || JSON.stringify({ ...draft, options }) !== JSON.stringify(initial);
  const title = modifier ? modifier.name : 'New modifier';

  const patchOption = (key: string, patch: Partial<DraftOption>) =>
    setDraft((d) => ({
      ...d,
      options: d.options.map((o) => (o.key === key ? { ...o, ...patch } : patch.is_default ? { ...o, is_default: false } : o)),
    }));

  const removeOption = (key: string) =>
    setDraft((d) => {
      const left = d.options.filter((o) => o.key !== key);
      if (left.length && !left.some((o) => o.is_default)) left[0] = { ...left[0]!, is_default: true };
      return { ...d, options: left };
    });

  /** Saves the draft; true when saved (else its problem is shown on the card). */
  const save = async (): Promise<boolean> => {
    setProblem(null);
    const body: ModifierInput = {
      name: draft.name.trim(),
      display_type: draft.display_type,
      options: options.map((o) => ({ ...(o.id ? { id: o.id } : {}), label: o.label.trim(), is_default: o.is_default, variant_ids: o.variant_ids })),
    };
    const local: Record<string, string> = {};
    if (!body.name) local.name = 'Required';
    body.options.forEach((o, i) => {
      if (!o.label) local[`options.${i}.label`] = 'Required';
    });
    if (Object.keys(local).length) {
      setProblem({ message: 'Some fields need attention.', fields: local });
      return false;
    }
    setSaving(true);
    try {
      await saveModifier.mutateAsync({ modifier, body });
      if (!modifier) {
        notifications.show({ color: 'teal', message: `Modifier ${body.name} saved` });
        onCreated?.();
      }
      return true;
    } catch (e) {
      if (saveProblemOf(e, 'modifier').kind === 'stale') {
        setProblem({ message: 'Someone else saved this modifier first. Reload the page to see their changes; what you typed is still here.', fields: {} });
      } else setProblem({ message: errorMessage(e), fields: isApiError(e) ? e.fields : {} });
      return false;
    } finally {
      setSaving(false);
    }
  };
  useEditorSection(`modifier:${modifier?.id ?? 'new'}`, {
    label: `the modifier ${draft.name.trim() || title}`,
    dirty: !readOnly && modifier !== null && dirty,
    discard: () => {
      setDraft(initial);
      setProblem(null);
    },
    save: async () => {
      if (!(await save())) throw new Error('not saved');
    },
  });

  const remove = async () => {
    if (!modifier) return onCancel?.();
    const ok = await confirmDialog({ title: `Delete ${modifier.name}?`, message: `The modifier “${modifier.name}” and its options will be deleted.`, confirmLabel: 'Delete' });
    if (!ok) return;
    try {
      await deleteModifier.mutateAsync(modifier.id);
      notifications.show({ color: 'teal', message: `Modifier ${modifier.name} deleted` });
    } catch (e) {
      setProblem({ message: errorMessage(e), fields: {} });
    }
  };

  const fieldError = (k: string) => problem?.fields[k];

  return (
    <Card withBorder radius="sm" p="sm" component="section" aria-label={`Modifier ${title}`}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-end" wrap="nowrap">
          <Group gap="sm" align="flex-end" wrap="nowrap">
            <TextInput
              size="xs"
              label="Modifier name"
              placeholder="e.g. Quantity"
              value={draft.name}
              onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
              error={fieldError('name')}
              readOnly={readOnly}
              w={220}
              autoFocus={modifier === null}
            />
            <Select
              size="xs"
              label="Display type"
              data={displayTypeOptions}
              value={draft.display_type}
              onChange={(v) => v && setDraft({ ...draft, display_type: v as Modifier['display_type'] })}
              allowDeselect={false}
              readOnly={readOnly}
              w={220}
              comboboxProps={{ withinPortal: true }}
            />
            {dirty && modifier ? (
              <Badge color="yellow" variant="light" radius="sm" mb={4}>
                Unsaved changes
              </Badge>
            ) : null}
          </Group>
          {!readOnly ? (
            <Group gap="xs" wrap="nowrap">
              {!modifier ? (
                <>
                  <Button size="xs" variant="default" onClick={onCancel} disabled={saving}>
                    Cancel
                  </Button>
                  <Button size="xs" onClick={() => void save()} loading={saving}>
                    Create modifier
                  </Button>
                </>
              ) : null}
              {modifier ? (
                <IconButton label={`Delete modifier ${modifier.name}`} color="red" size="md" onClick={() => void remove()}>
                  <IconTrash size={14} />
                </IconButton>
              ) : null}
            </Group>
          ) : null}
        </Group>
        {problem ? (
          <Alert color="red" variant="light" role="alert" p="xs">
            {problem.message}
          </Alert>
        ) : null}
        <Radio.Group value={options.find((o) => o.is_default)?.key ?? null} onChange={(k) => patchOption(k, { is_default: true })} aria-label={`Default option of ${title}`}>
          <Table verticalSpacing={4} horizontalSpacing="xs" fz="sm" aria-label={`Options of ${title}`} withRowBorders>
            <TableHead
              cells={[
                { label: 'Default', w: 70 },
                { label: 'Option', w: '28%' },
                'Applies to variants',
                !readOnly && { label: 'Order', srOnly: true, w: 60 },
                !readOnly && { label: 'Remove', srOnly: true, w: 40 },
              ]}
            />
            <Table.Tbody>
              {options.map((o, i) => (
                <Table.Tr key={o.key} data-option={o.label}>
                  <Table.Td>
                    <Radio value={o.key} aria-label={`Default: ${o.label || `option ${i + 1}`}`} disabled={readOnly} size="xs" />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      size="xs"
                      aria-label={`Option ${i + 1} label`}
                      placeholder="e.g. Box of 50"
                      value={o.label}
                      onChange={(e) => patchOption(o.key, { label: e.currentTarget.value })}
                      error={fieldError(`options.${i}.label`)}
                      readOnly={readOnly}
                    />
                  </Table.Td>
                  <Table.Td>
                    <MultiSelect
                      size="xs"
                      aria-label={`Variants of ${o.label || `option ${i + 1}`}`}
                      placeholder={o.variant_ids.length ? undefined : variants.length ? 'Choose variants' : 'No variants yet'}
                      data={variantOptions}
                      value={o.variant_ids.map(String)}
                      onChange={(v) => patchOption(o.key, { variant_ids: v.map(Number) })}
                      error={fieldError(`options.${i}.variant_ids`)}
                      searchable
                      hidePickedOptions
                      readOnly={readOnly}
                      comboboxProps={{ withinPortal: true }}
                    />
                  </Table.Td>
                  {!readOnly ? (
                    <Table.Td>
                      <MoveButtons
                        index={i}
                        count={options.length}
                        name={o.label || `option ${i + 1}`}
                        onMove={(to) => setDraft((d) => ({ ...d, options: moved(d.options, i, to) }))}
                      />
                    </Table.Td>
                  ) : null}
                  {!readOnly ? (
                    <Table.Td>
                      <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Remove option ${o.label || i + 1}`} onClick={() => removeOption(o.key)} disabled={options.length === 1}>
                        <IconTrash size={14} />
                      </ActionIcon>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Radio.Group>
        {!readOnly ? (
          <Group>
            <Button
              size="compact-xs"
              variant="subtle"
              leftSection={<IconPlus size={12} />}
              onClick={() => setDraft((d) => ({ ...d, options: [...d.options, { key: newKey(), label: '', is_default: d.options.length === 0, variant_ids: [] }] }))}
            >
              Add option
            </Button>
          </Group>
        ) : null}
        {!readOnly && variants.length === 0 ? (
          <Text size="xs" c="dimmed">
            Add variants first: each option applies to some of them.
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
