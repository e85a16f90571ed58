/**
 * The parts of a detail editor (`/product/:id`, `/product-family/:id`): the id from the route, the item
 * read fresh (with a spinner, or the error with Retry), the tab in the URL (`?tab=`, none for the first),
 * and the item's own fields in one form saved with the version they were read at — a 409 says someone
 * else saved first and offers Reload, keeping what was typed until then.
 *
 * One save model for every editor: everything typed or chosen on the page is a draft until the save
 * bar's Save — the item's own fields (the form) and every section that edits in place (attribute
 * values, a child table's rows, a modifier's card) registered with `useEditorSection`. The bar names
 * what is unsaved, Save saves the form and then each section (a section that fails keeps its draft
 * and shows why where it is), Discard drops them all, and leaving the page asks first. What acts at
 * once says so on its button: adding or editing a record in a dialog (confirming the dialog saves
 * it), creating store variants, publishing, disabling, deleting (with a confirm).
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ActionIcon, Alert, Anchor, Button, Group, Menu, Stack, Tabs, Text, Title, Tooltip } from '@mantine/core';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { FormProvider, useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { ConflictHolder } from '@qm/contracts';
import { ApiError, errorMessage } from '../lib/api';
import { saveProblemOf } from '../lib/errors';
import { fetchItem, invalidate, useResourceItem, type Resource } from '../lib/resource';
import { IconAlert, IconArrowLeft, IconDots, IconRefresh, IconTrash } from './icons';
import { Breadcrumbs, crumbsOf, useCurrentRouteName } from './Breadcrumbs';
import { ErrorState, Spinner } from './states';
import { alertDialog } from './ConfirmDialog';
import { PageHeader } from './PageHeader';
import { FormSchemaProvider } from './formSchema';
import { useUnsavedChangesGuard } from './unsavedChanges';

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The route's `:id` as a positive whole number, else "not found" (with the trail back to its list); `children` renders the editor. */
export function EditorRoute({ noun, children }: { noun: string; children: (id: number) => ReactNode }) {
  const { id } = useParams();
  const n = Number(id);
  if (!Number.isInteger(n) || n <= 0) return <RecordError error={new Error(`There is no ${noun} “${id}”.`)} title={`${capitalize(noun)} not found`} />;
  return children(n);
}

/** A record that cannot be shown: the trail back to its list (the address's id as its last step), then why. */
function RecordError({ error, title, onRetry }: { error: unknown; title: string; onRetry?: () => void }) {
  const { id } = useParams();
  return (
    <Stack gap="xs">
      <Breadcrumbs item={id} />
      <ErrorState error={error} onRetry={onRetry} title={title} />
    </Stack>
  );
}

/** The open tab, kept in `?tab=` (the first tab leaves it out). */
export function useTabParam<Tab extends string>(tabs: readonly [Tab, ...Tab[]]): [Tab, (t: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const first = tabs[0];
  const asked = params.get('tab') ?? '';
  const tab = (tabs as readonly string[]).includes(asked) ? (asked as Tab) : first;
  const setTab = (t: string | null) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (!t || t === first) p.delete('tab');
        else p.set('tab', t);
        return p;
      },
      { replace: true },
    );
  return [tab, setTab];
}

/** The item an editor shows, read fresh on every visit, with ways to replace, change and re-read it. */
export function useEditorItem<T>(resource: Resource<unknown, unknown, unknown, T>, id: number) {
  const client = useQueryClient();
  const key = resource.keys.item(id);
  const query = useResourceItem(resource, id);
  return {
    resource,
    query,
    /** Reads the item again, outside the query. */
    fetch: () => fetchItem(resource, id),
    set: (next: T) => client.setQueryData(key, next),
    change: (fn: (old: T) => T) => client.setQueryData<T>(key, (old) => (old ? fn(old) : old)),
    /** Re-reads the item (and marks the resource's lists stale). */
    reload: () => invalidate(resource),
  };
}

export type EditorItem<T> = ReturnType<typeof useEditorItem<T>>;

/**
 * What a record's page shows until its item is there: the spinner, or the error under the trail back to
 * its list (with Retry when asking again may help: ui/states' `isRetryable`). Every detail page uses it.
 */
export function EditorLoading({ query, noun }: { query: UseQueryResult<unknown>; noun: string }) {
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return <RecordError error={query.error} onRetry={() => void query.refetch()} title={missing ? `${capitalize(noun)} not found` : `Could not load this ${noun}`} />;
  }
  return <Spinner label={`Loading ${noun}…`} minHeight={320} />;
}

/**
 * The editor's page: a head (the breadcrumb trail group › list › item, the item's image, title and facts, its actions,
 * the save bar, the tabs) over the open tab's panel. `children` are the Tabs.Panels.
 */
export function EditorShell({
  tab,
  onTab,
  back,
  image,
  title,
  badges,
  facts,
  actions,
  saveBar,
  tabs,
  children,
}: {
  tab: string;
  onTab: (t: string | null) => void;
  /** The link back when the route has no breadcrumb trail (a route outside the route table's lists). */
  back?: { to: string; label: string };
  image?: ReactNode;
  /** The item's name: the heading and the breadcrumb trail's last step. */
  title: string;
  /** Badges beside the heading (not in the trail). */
  badges?: ReactNode;
  facts: ReactNode;
  actions?: ReactNode;
  saveBar: ReactNode;
  /** [value, label] of every tab, in order. */
  tabs: [string, ReactNode][];
  children: ReactNode;
}) {
  const routeName = useCurrentRouteName();
  const trail = routeName ? crumbsOf(routeName, title) : [];
  const heading = (
    <div className="qm-editor-heading">
      {trail.length > 0 ? (
        <Breadcrumbs item={title} />
      ) : back ? (
        <Anchor component={Link} to={back.to} size="xs" c="dimmed">
          <Group gap={4} component="span" wrap="nowrap">
            <IconArrowLeft size={12} /> {back.label}
          </Group>
        </Anchor>
      ) : null}
      <Group gap="xs" wrap="nowrap">
        <Title order={1} size="h3" fw={600} lineClamp={1}>
          {title}
        </Title>
        {badges}
      </Group>
      {facts}
    </div>
  );
  return (
    <Tabs value={tab} onChange={onTab} keepMounted keepMountedMode="display-none" variant="default">
      <div className="qm-editor-head">
        <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
          {image ? (
            <Group gap="sm" wrap="nowrap" align="flex-start" className="qm-editor-heading">
              {image}
              {heading}
            </Group>
          ) : (
            heading
          )}
          {actions}
        </Group>
        {saveBar}
        <Tabs.List>
          {tabs.map(([value, label]) => (
            <Tabs.Tab key={value} value={value}>
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </div>
      <div className="qm-editor-body">{children}</div>
    </Tabs>
  );
}

type Schema = z.ZodType<FieldValues, FieldValues>;

export interface EditorFormProps<S extends Schema, T extends { id: number; version: number }> {
  /** The editor's item (useEditorItem): where a save and a reload go. */
  editor: EditorItem<T>;
  item: T;
  schema: S;
  /** The form's values of the saved item (with its version). */
  toForm: (item: T) => DefaultValues<z.input<S>>;
  /** "product", "family": the save button and the 409 message name it. */
  noun: string;
  /** What the bar of unsaved changes says. */
  unsavedText: string;
  /** The area's update mutation (`mutateAsync`): it keeps the item and makes its lists stale. */
  save: (values: z.output<S>) => Promise<T>;
  savedMessage: (saved: T) => string;
  readOnly: boolean;
  /** The editor, given the save bar (problems and unsaved changes) to place. */
  children: (saveBar: ReactNode) => ReactNode;
}

type Problem = { kind: 'stale' | 'error'; message: string } | null;

/** A part of an editor that edits in place: saved and discarded by the editor's save bar. */
export interface EditorSectionSpec {
  /** What the bar calls it: "attribute values (2)", "store variant FED-9-50". */
  label: string;
  /** Whether it holds unsaved changes (it is in the bar only then). */
  dirty: boolean;
  /** Saves the draft; shows its own problems where they are and throws when not saved. */
  save: () => Promise<void>;
  /** Drops the draft. */
  discard: () => void;
}

interface RegisteredSection {
  label: string;
  save: () => Promise<void>;
  discard: () => void;
}

const EditorSectionsContext = createContext<((key: string, section: RegisteredSection | null) => void) | null>(null);

/**
 * Puts an in-place section under the editor's save bar while it is dirty (see the file's comment).
 * `key` is unique in the editor ("attributes", "store-variant:12"). Outside an editor form it does nothing.
 */
export function useEditorSection(key: string, spec: EditorSectionSpec): void {
  const register = useContext(EditorSectionsContext);
  const latest = useRef(spec);
  latest.current = spec;
  useEffect(() => {
    if (!register || !spec.dirty) return;
    register(key, { label: spec.label, save: () => latest.current.save(), discard: () => latest.current.discard() });
    return () => register(key, null);
  }, [register, key, spec.dirty, spec.label]);
}

/** Whether the component sits in an editor whose save bar saves it (else it needs a Save of its own). */
export const useInEditor = () => useContext(EditorSectionsContext) !== null;

/** The item's own fields in one form (FormProvider for the editor's fields), saved with the item's version. */
export function EditorForm<S extends Schema, T extends { id: number; version: number }>(props: EditorFormProps<S, T>) {
  const { editor, item, schema, toForm, noun, unsavedText, save: put, savedMessage, readOnly, children } = props;
  const form = useForm<z.input<S>, unknown, z.output<S>>({ resolver: zodResolver(schema as never) as never, defaultValues: toForm(item), mode: 'onTouched' });
  const { isDirty } = form.formState;
  const [problem, setProblem] = useState<Problem>(null);
  const [holders, setHolders] = useState<Record<string, ConflictHolder>>({});
  const [reloading, setReloading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [sections, setSections] = useState<ReadonlyMap<string, RegisteredSection>>(new Map());
  const register = useCallback((key: string, section: RegisteredSection | null) => {
    setSections((m) => {
      if (!section && !m.has(key)) return m;
      const next = new Map(m);
      if (section) next.set(key, section);
      else next.delete(key);
      return next;
    });
  }, []);
  const dirty = isDirty || sections.size > 0;
  useUnsavedChangesGuard(dirty && !saving);

  // The saved item changed (someone saved, or a reload): follow it unless the user is typing.
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(toForm(item));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [item.version]);

  /** Saves the form: the saved item, or null when not saved (its problem is shown). */
  const saveForm = () =>
    new Promise<T | null>((resolve) => {
      void form.handleSubmit(
        async (values) => {
          try {
            const saved = await put(values);
            form.reset(toForm(saved));
            resolve(saved);
          } catch (e) {
            const p = saveProblemOf(e, noun);
            if (p.kind === 'fields') {
              setHolders(p.holders);
              for (const [f, m] of Object.entries(p.fields)) form.setError(f as Path<z.input<S>>, { type: 'server', message: m }, { shouldFocus: true });
              // a long page: the problem stays in the save bar too, even when a field repeats it
              setProblem({ kind: 'error', message: p.message });
            } else setProblem({ kind: p.kind === 'stale' ? 'stale' : 'error', message: p.message });
            resolve(null);
          }
        },
        () => {
          setProblem({ kind: 'error', message: `Some of the ${noun}'s fields need attention: see the messages on them.` });
          resolve(null);
        },
      )();
    });

  const save = async () => {
    setProblem(null);
    setHolders({});
    setSaving(true);
    const notSaved: string[] = [];
    const savedParts: string[] = [];
    let savedItem: T | null = null;
    try {
      if (isDirty) {
        savedItem = await saveForm();
        if (savedItem) savedParts.push(`the ${noun}'s fields`);
      }
      // Sections in the order they joined the bar, one at a time (each is its own request).
      for (const section of [...sections.values()]) {
        try {
          await section.save();
          savedParts.push(section.label);
        } catch {
          notSaved.push(section.label);
        }
      }
    } finally {
      setSaving(false);
    }
    // The form's own problem is already shown; sections show theirs where they are, the bar names them.
    if (notSaved.length) setProblem((p) => ({ kind: p?.kind ?? 'error', message: [p?.message, `Not saved: ${notSaved.join(', ')} (see the messages there).`].filter(Boolean).join(' ') }));
    if (savedParts.length) notifications.show({ color: 'teal', message: savedItem && savedParts.length === 1 ? savedMessage(savedItem) : `Saved: ${savedParts.join(', ')}` });
  };

  const discard = () => {
    form.reset(toForm(item));
    for (const section of sections.values()) section.discard();
    setProblem(null);
  };

  const unsaved = useMemo(() => {
    const parts = [...(isDirty ? [`the ${noun}'s fields`] : []), ...[...sections.values()].map((s) => s.label)];
    if (isDirty && sections.size === 0) return unsavedText;
    return `Unsaved changes: ${parts.join(', ')}.`;
  }, [isDirty, sections, noun, unsavedText]);

  const reload = async () => {
    setReloading(true);
    try {
      // Reload replaces what was typed with the saved version, on purpose.
      await editor.reload();
      const fresh = await editor.fetch();
      editor.set(fresh);
      form.reset(toForm(fresh));
      setProblem(null);
    } catch (e) {
      setProblem({ kind: 'error', message: errorMessage(e) });
    } finally {
      setReloading(false);
    }
  };

  const saveBar =
    !readOnly && (dirty || problem) ? (
      <Stack gap={6} mb="xs">
        {problem ? (
          <Alert color={problem.kind === 'stale' ? 'orange' : 'red'} variant="light" icon={<IconAlert />} role="alert" p="xs" title="Not saved">
            <Group justify="space-between" gap="xs">
              <Text size="sm">{problem.message}</Text>
              {problem.kind === 'stale' ? (
                <Button size="xs" variant="default" leftSection={<IconRefresh size={14} />} loading={reloading} onClick={() => void reload()}>
                  Reload
                </Button>
              ) : null}
            </Group>
          </Alert>
        ) : null}
        {dirty ? (
          <Group justify="space-between" className="qm-savebar" px="sm" py={6} style={{ background: 'var(--mantine-color-yellow-light)', borderRadius: 'var(--mantine-radius-sm)' }}>
            <Text size="sm">{unsaved}</Text>
            <Group gap="xs">
              <Button size="xs" variant="default" onClick={discard} disabled={saving}>
                Discard
              </Button>
              <Button size="xs" onClick={() => void save()} loading={saving}>
                {`Save ${noun}`}
              </Button>
            </Group>
          </Group>
        ) : null}
      </Stack>
    ) : null;

  return (
    // No <form> element here: the editor's dialogs hold forms of their own (React events cross portals).
    <FormProvider {...form}>
      <FormSchemaProvider schema={schema} holders={holders}>
        <EditorSectionsContext.Provider value={readOnly ? null : register}>{children(saveBar)}</EditorSectionsContext.Provider>
      </FormSchemaProvider>
    </FormProvider>
  );
}

/**
 * The editor's delete button. With `blockedReason` (e.g. published on a store) it is shown disabled
 * and says why — still focusable, so keyboard and screen-reader users hear the reason too.
 */
export function EditorDeleteButton({ label, blockedReason, onDelete }: { label: string; blockedReason?: string | null; onDelete: () => void }) {
  const blocked = Boolean(blockedReason);
  return (
    <Tooltip label={blocked ? `${label}: ${blockedReason}` : label} withinPortal multiline maw={320}>
      <ActionIcon
        variant="subtle"
        color="red"
        size="lg"
        aria-label={label}
        aria-disabled={blocked || undefined}
        aria-description={blockedReason ?? undefined}
        data-disabled={blocked || undefined}
        onClick={(e) => {
          if (blocked) e.preventDefault();
          else onDelete();
        }}
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Tooltip>
  );
}

/** One entry of an editor's Actions menu; `danger` entries (Delete) are red. */
export interface EditorAction {
  label: string;
  onClick: () => void;
  danger?: boolean;
}

/** The editor header's "Actions" menu (deactivate, delete…); nothing when there are no actions. */
export function EditorActionsMenu({ actions }: { actions: readonly EditorAction[] }) {
  if (!actions.length) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" size="xs" rightSection={<IconDots size={14} />}>
          Actions
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((a) => (
          <Menu.Item key={a.label} color={a.danger ? 'red' : undefined} onClick={a.onClick}>
            {a.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

export interface EditorCreatePageProps<S extends Schema> {
  /** e.g. `New vendor`; the submit button says `Create <noun>`. */
  title: string;
  noun: string;
  description?: ReactNode;
  schema: S;
  defaults: DefaultValues<z.input<S>>;
  /** The list the page was opened from (Cancel goes back to it). */
  listPath: string;
  canWrite: boolean;
  create: (values: z.output<S>) => Promise<{ id: number; name: string }>;
  children: ReactNode;
}

/**
 * A `/<resource>/new` page: the item's form alone; once created, its own page (the other tabs open
 * there). Field errors of the server land on their fields.
 */
export function EditorCreatePage<S extends Schema>(p: EditorCreatePageProps<S>) {
  const navigate = useNavigate();
  const form = useForm<z.input<S>, unknown, z.output<S>>({ resolver: zodResolver(p.schema as never) as never, defaultValues: p.defaults, mode: 'onTouched' });
  const save = form.handleSubmit(async (values) => {
    try {
      const created = await p.create(values);
      notifications.show({ color: 'teal', message: `${p.noun.charAt(0).toUpperCase()}${p.noun.slice(1)} ${created.name} created` });
      navigate(`${p.listPath}/${created.id}`, { replace: true });
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.fields).length) {
        for (const [f, m] of Object.entries(e.fields)) form.setError(f as Path<z.input<S>>, { type: 'server', message: m }, { shouldFocus: true });
      } else alertDialog('Error', errorMessage(e));
    }
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={(e) => void save(e)} noValidate>
        <PageHeader
          title={p.title}
          description={p.description}
          actions={
            <>
              <Button variant="default" onClick={() => navigate(p.listPath)}>
                Cancel
              </Button>
              <Button type="submit" loading={form.formState.isSubmitting} disabled={!p.canWrite}>
                Create {p.noun}
              </Button>
            </>
          }
        />
        {p.children}
      </form>
    </FormProvider>
  );
}
