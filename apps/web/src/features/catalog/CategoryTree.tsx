/**
 * Categories (Catalogue): the tree. Create, edit, delete (a category with subcategories or products
 * says where they go), and reorder or re-parent by drag and drop or with the move buttons: every move
 * sends `POST category/sort` with the whole flattened tree; a refusal shows why and puts the tree back.
 */
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ActionIcon, Alert, Anchor, Badge, Button, Group, Loader, Menu, Modal, Paper, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { CategoryCreate, CategoryUpdate, isAllowed, type CategoryNode } from '@qm/contracts';
import { errorMessage, isApiError } from '../../lib/api';
import { plural } from '../../lib/format';
import { useCategories } from '../../lib/lookups';
import { useFetchItem, useResourceMutations } from '../../lib/resource';
import { usePermissions } from '../../lib/session';
import { alertDialog, confirmDialog } from '../../ui/ConfirmDialog';
import { IntegerField, SelectField, TextField } from '../../ui/fields';
import { IconDots } from '../../ui/icons';
import { PageHeader } from '../../ui/PageHeader';
import { ResourceForm } from '../../ui/ResourceForm';
import { SortableTree, flattenTree } from '../../ui/SortableTree';
import { ErrorState, Spinner } from '../../ui/states';
import { categories, useDeleteCategory, useSortCategories } from './api';

/** Every node with its path, in tree order (for parent and destination pickers). */
function flatWithPaths(nodes: CategoryNode[], prefix = ''): { node: CategoryNode; path: string }[] {
  return nodes.flatMap((n) => {
    const path = prefix ? `${prefix} › ${n.name}` : n.name;
    return [{ node: n, path }, ...flatWithPaths(n.children, path)];
  });
}

function subtreeIds(node: CategoryNode): number[] {
  return [node.id, ...node.children.flatMap(subtreeIds)];
}

function countAll(nodes: CategoryNode[]): number {
  return nodes.reduce((n, c) => n + 1 + countAll(c.children), 0);
}

export default function CategoriesScreen() {
  const canWrite = isAllowed(['catalog.write'], usePermissions());
  const [params, setParams] = useSearchParams();
  const { create, update } = useResourceMutations(categories);
  const fetchCategory = useFetchItem(categories);
  const sortCategories = useSortCategories();
  const deleteCategory = useDeleteCategory();
  // The cached category lookup (SPEC §7); a failed load shows the spec's Error dialog.
  const lookup = useCategories();
  const tree = { ...lookup, data: lookup.data as unknown as CategoryNode[] | undefined };
  // What is shown: the server's tree, or the tree after a move while it is being saved.
  const [shown, setShown] = useState<CategoryNode[] | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (tree.data && !saving) setShown(tree.data);
  }, [tree.data, saving]);

  const all = useMemo(() => flatWithPaths(shown ?? []), [shown]);
  const editId = params.get('edit') && /^\d+$/.test(params.get('edit')!) ? Number(params.get('edit')) : null;
  const editing = editId !== null ? all.find((x) => x.node.id === editId)?.node ?? null : null;
  const newParam = params.get('dialog') === 'new' ? params.get('parent') ?? '' : null;
  const [deleting, setDeleting] = useState<CategoryNode | null>(null);

  const setDialog = (next: Record<string, string> | null) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        ['dialog', 'edit', 'parent'].forEach((k) => p.delete(k));
        Object.entries(next ?? {}).forEach(([k, v]) => p.set(k, v));
        return p;
      },
      { replace: next === null },
    );

  const move = async (next: CategoryNode[], movedId: number) => {
    const before = shown;
    setShown(next);
    setSaving(true);
    try {
      const saved = await sortCategories.mutateAsync(flattenTree(next));
      setShown(saved);
      const moved = flatWithPaths(saved).find((x) => x.node.id === movedId);
      notifications.show({ color: 'teal', message: moved ? `Moved ${moved.path}` : 'Order saved' });
    } catch (e) {
      setShown(before);
      alertDialog(isApiError(e) && e.status === 422 ? 'Not moved' : 'Error', errorMessage(e));
      void lookup.refetch();
    } finally {
      setSaving(false);
    }
  };

  const parentOptions = (exclude?: CategoryNode) => {
    const banned = new Set(exclude ? subtreeIds(exclude) : []);
    return all.filter((x) => !banned.has(x.node.id)).map((x) => ({ value: String(x.node.id), label: x.path }));
  };

  const askDelete = async (node: CategoryNode) => {
    if (node.children.length > 0 || node.product_count > 0) {
      setDeleting(node);
      return;
    }
    const ok = await confirmDialog({ title: `Delete ${node.name}?`, message: `The category “${node.name}” will be deleted. This cannot be undone.`, confirmLabel: 'Delete' });
    if (!ok) return;
    try {
      await deleteCategory.mutateAsync({ id: node.id });
      notifications.show({ color: 'teal', message: `Category ${node.name} deleted` });
    } catch (e) {
      alertDialog(isApiError(e) && e.status === 422 ? 'Not allowed' : 'Error', errorMessage(e));
    }
  };

  return (
    <>
      <PageHeader
        description={
          canWrite
            ? 'Drag a category onto another to file it inside, or onto a row’s upper or lower edge to place it before or after. Keyboard: the arrows go through the tree, Alt+Shift+arrows move the category (→ files it inside the one above).'
            : 'The category tree: the arrow keys go through it, → and ← open and close a category.'
        }
        create={canWrite && { label: 'New category', onClick: () => setDialog({ dialog: 'new' }) }}
      />
      <Paper withBorder radius="sm" p={0}>
        <Group justify="space-between" px="sm" py={6} className="qm-list-toolbar" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
          <Text size="xs" c="dimmed">
            {shown ? plural(countAll(shown), 'category', 'categories') : ' '}
          </Text>
          <Group gap={6}>
            {saving ? (
              <Group gap={6}>
                <Loader size={12} />
                <Text size="xs" c="dimmed" role="status">
                  Saving the order…
                </Text>
              </Group>
            ) : null}
          </Group>
        </Group>
        {tree.isError && !shown ? (
          <div className="qm-list-state">
            <ErrorState error={tree.error} onRetry={() => void lookup.refetch()} title="Could not load categories" />
          </div>
        ) : !shown ? (
          <Spinner label="Loading categories…" />
        ) : (
          <div style={{ maxHeight: 'calc(100dvh - 210px)', overflow: 'auto', padding: '0 4px' }}>
            <SortableTree<CategoryNode>
              nodes={shown}
              label="Categories"
              nameOf={(n) => n.name}
              readOnly={!canWrite}
              busy={saving}
              onMove={(next, id) => void move(next, id)}
              renderLabel={(n) => (
                // The spaces between the parts keep the row's name ("9mm 9mm-ammo 12 items") in words.
                <Group gap={8} wrap="nowrap">
                  <Text size="sm" fw={n.parent_id === null ? 600 : 400} truncate>
                    {n.name}
                  </Text>{' '}
                  <Text size="xs" c="dimmed" ff="monospace" visibleFrom="md" truncate>
                    {n.slug}
                  </Text>{' '}
                  {n.product_count > 0 ? (
                    <Anchor component={Link} to={`/product?filter[category_id]=${n.id}`} size="xs" draggable={false}>
                      <Badge size="xs" variant="light" radius="sm" style={{ cursor: 'pointer' }}>
                        {plural(n.product_count, 'item')}
                      </Badge>
                    </Anchor>
                  ) : null}
                </Group>
              )}
              renderActions={
                canWrite
                  ? (n) => (
                      <Menu position="bottom-end" withinPortal>
                        <Menu.Target>
                          <ActionIcon variant="subtle" size="sm" aria-label={`Actions for ${n.name}`}>
                            <IconDots />
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item onClick={() => setDialog({ edit: String(n.id) })}>Edit</Menu.Item>
                          <Menu.Item onClick={() => setDialog({ dialog: 'new', parent: String(n.id) })}>New subcategory</Menu.Item>
                          <Menu.Divider />
                          <Menu.Item color="red" onClick={() => void askDelete(n)}>
                            Delete
                          </Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
                    )
                  : undefined
              }
            />
          </div>
        )}
      </Paper>

      {canWrite ? (
        <>
          <ResourceForm
            opened={newParam !== null}
            onClose={() => setDialog(null)}
            title="New category"
            noun="category"
            schema={CategoryCreate}
            defaultValues={{ name: '', parent_id: newParam ? Number(newParam) : null }}
            onSubmit={async (values) => {
              const created = await create.mutateAsync(values);
              notifications.show({ color: 'teal', message: `Category ${created.name} created` });
            }}
          >
            <TextField name="name" label="Name" required autoFocus />
            <TextField name="slug" label="Slug" description="Left empty, it is made from the name." />
            <SelectField name="parent_id" label="Parent" numeric clearable placeholder="None (top level)" options={parentOptions()} />
          </ResourceForm>
          <ResourceForm
            opened={editing !== null}
            onClose={() => setDialog(null)}
            title={editing ? `Edit ${editing.name}` : 'Edit category'}
            noun="category"
            schema={CategoryUpdate}
            defaultValues={
              editing
                ? { name: editing.name, slug: editing.slug, parent_id: editing.parent_id, sort_order: editing.sort_order, version: editing.version }
                : { name: '', slug: '', parent_id: null, sort_order: 0, version: 1 }
            }
            onSubmit={async (values) => {
              const saved = await update.mutateAsync({ id: editing!.id, values });
              notifications.show({ color: 'teal', message: `Category ${saved.name} saved` });
            }}
            onReload={async () => {
              const fresh = await fetchCategory(editing!.id);
              return { name: fresh.name, slug: fresh.slug, parent_id: fresh.parent_id, sort_order: fresh.sort_order, version: fresh.version };
            }}
          >
            <TextField name="name" label="Name" required autoFocus />
            <TextField name="slug" label="Slug" required />
            <SelectField name="parent_id" label="Parent" numeric clearable placeholder="None (top level)" options={editing ? parentOptions(editing) : []} />
            <IntegerField name="sort_order" label="Sort order" description="Position among its siblings (0 first)." />
          </ResourceForm>
          <DeleteWithMove node={deleting} options={deleting ? parentOptions(deleting) : []} onClose={() => setDeleting(null)} />
        </>
      ) : null}
    </>
  );
}

/** Deleting a category that still holds subcategories or products: choose where they go (`?move_to=`). */
function DeleteWithMove({
  node,
  options,
  onClose,
}: {
  node: CategoryNode | null;
  options: { value: string; label: string }[];
  onClose: () => void;
}) {
  const deleteCategory = useDeleteCategory();
  const [target, setTarget] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    setTarget(node?.parent_id ? String(node.parent_id) : null);
    setProblem(null);
  }, [node]);
  if (!node) return null;
  const submit = async () => {
    if (!target) return;
    setBusy(true);
    setProblem(null);
    try {
      await deleteCategory.mutateAsync({ id: node.id, moveTo: Number(target) });
      notifications.show({ color: 'teal', message: `Category ${node.name} deleted` });
      onClose();
    } catch (e) {
      setProblem(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={`Delete ${node.name}?`} size="md">
      <Stack gap="sm">
        <Text size="sm">
          {node.name} holds {plural(node.children.length, 'subcategory', 'subcategories')} and {plural(node.product_count, 'product or family', 'products and families')}.
          Choose the category that receives them before it is deleted.
        </Text>
        {problem ? (
          <Alert color="red" variant="light" role="alert" title="Not deleted">
            {problem}
          </Alert>
        ) : null}
        <Select
          label="Move them to"
          placeholder="Choose a category"
          data={options}
          value={target}
          onChange={setTarget}
          searchable
          required
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button color="red" onClick={() => void submit()} loading={busy} disabled={!target}>
            Move and delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
