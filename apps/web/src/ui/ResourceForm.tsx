/**
 * Create/edit form of any resource: react-hook-form validated by the shared zod schema, shown in a
 * Modal or a Drawer.
 *
 * - Server 400 `fields` land on their fields, and so do a 422's (its rule's words above the form) and
 *   a 409 for a value in use (naming the record that holds it, with a link); a version conflict says
 *   someone else saved first (with Reload) and keeps what was typed; a reference conflict or a 422
 *   naming no field shows the server's words; anything else its message.
 * - Closing, or leaving the page, with unsaved changes asks first.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { FormProvider, useForm, type DefaultValues, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Alert, Button, Drawer, Group, Modal, Stack, Text } from '@mantine/core';
import type { ConflictHolder } from '@qm/contracts';
import { errorMessage } from '../lib/api';
import { messageAbove, saveProblemOf } from '../lib/errors';
import { confirmDialog } from './ConfirmDialog';
import { FormSchemaProvider } from './formSchema';
import { useUnsavedChangesGuard } from './unsavedChanges';
import { IconAlert, IconRefresh } from './icons';

type Schema = z.ZodType<FieldValues, FieldValues>;

export interface ResourceFormProps<S extends Schema> {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** Singular noun for messages ("user", "internal status"). */
  noun: string;
  schema: S;
  defaultValues: DefaultValues<z.input<S>>;
  onSubmit: (values: z.output<S>) => Promise<unknown>;
  /** Called after a successful save (before closing). */
  onSaved?: (result: unknown) => void;
  /** Re-reads the item after a 409; the form is reset to what it returns. */
  onReload?: () => Promise<DefaultValues<z.input<S>> | undefined>;
  children: ReactNode | ((form: UseFormReturn<z.input<S>, unknown, z.output<S>>) => ReactNode);
  variant?: 'modal' | 'drawer';
  submitLabel?: string;
  size?: string | number;
}

type Problem = { kind: 'stale' | 'rule' | 'error'; message: string } | null;
const NO_HOLDERS = {};

export function ResourceForm<S extends Schema>(props: ResourceFormProps<S>) {
  const { opened, onClose, title, noun, schema, defaultValues, onSubmit, onSaved, onReload, children, variant = 'modal', submitLabel = 'Save', size } = props;
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema as never) as never,
    defaultValues,
    mode: 'onTouched',
  });
  const [problem, setProblem] = useState<Problem>(null);
  const [reloading, setReloading] = useState(false);
  const [holders, setHolders] = useState<Record<string, ConflictHolder>>(NO_HOLDERS);
  const { isDirty, isSubmitting } = form.formState;

  // A new item to edit (or a fresh "new" form) starts clean.
  const key = JSON.stringify(defaultValues);
  useEffect(() => {
    if (opened) {
      form.reset(defaultValues);
      setProblem(null);
      setHolders(NO_HOLDERS);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, key]);

  useUnsavedChangesGuard(opened && isDirty && !isSubmitting);

  const requestClose = async () => {
    if (isSubmitting) return;
    if (isDirty) {
      const discard = await confirmDialog({
        title: 'Discard changes?',
        message: `This ${noun} has unsaved changes. Close the form and lose them?`,
        confirmLabel: 'Discard',
        cancelLabel: 'Keep editing',
      });
      if (!discard) return;
    }
    onClose();
  };

  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    setHolders(NO_HOLDERS);
    try {
      const result = await onSubmit(values);
      form.reset(form.getValues());
      onSaved?.(result);
      onClose();
    } catch (e) {
      const p = saveProblemOf(e, noun);
      if (p.kind === 'fields') {
        setHolders(p.holders);
        let first = true;
        for (const [field, message] of Object.entries(p.fields)) {
          form.setError(field as Path<z.input<S>>, { type: 'server', message }, { shouldFocus: first });
          first = false;
        }
        // A value in use is said on its field (with the record that holds it); other problems above.
        const above = messageAbove(p, (f) => form.getValues(f as Path<z.input<S>>) !== undefined);
        if (Object.keys(p.holders).length === 0 && above) setProblem({ kind: p.rule ? 'rule' : 'error', message: above });
        return;
      }
      setProblem({ kind: p.kind === 'stale' ? 'stale' : p.kind === 'error' ? 'error' : 'rule', message: p.message });
    }
  });

  const reload = async () => {
    if (!onReload) return;
    setReloading(true);
    try {
      const fresh = await onReload();
      if (fresh) form.reset(fresh);
      setProblem(null);
    } catch (e) {
      setProblem({ kind: 'error', message: errorMessage(e) });
    } finally {
      setReloading(false);
    }
  };

  const body = (
    <FormProvider {...form}>
      <FormSchemaProvider schema={schema} holders={holders}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="sm">
          {problem ? (
            <Alert
              color={problem.kind === 'error' ? 'red' : 'orange'}
              variant="light"
              icon={<IconAlert />}
              role="alert"
              title={problem.kind === 'stale' ? 'Not saved' : problem.kind === 'rule' ? 'Not allowed' : 'Not saved'}
            >
              <Stack gap={6}>
                <Text size="sm">{problem.message}</Text>
                {problem.kind === 'stale' && onReload ? (
                  <Group>
                    <Button size="xs" variant="default" leftSection={<IconRefresh size={14} />} loading={reloading} onClick={reload}>
                      Reload
                    </Button>
                    <Text size="xs" c="dimmed">
                      Reloading replaces what you typed with the saved version.
                    </Text>
                  </Group>
                ) : null}
              </Stack>
            </Alert>
          ) : null}
          {typeof children === 'function' ? children(form) : children}
          <Group justify="flex-end" gap="xs" mt="xs">
            <Button variant="default" onClick={requestClose} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
      </FormSchemaProvider>
    </FormProvider>
  );

  if (variant === 'drawer') {
    return (
      <Drawer opened={opened} onClose={requestClose} title={title} position="right" size={size ?? 'md'} closeOnClickOutside={!isDirty}>
        {body}
      </Drawer>
    );
  }
  return (
    <Modal opened={opened} onClose={requestClose} title={title} size={size ?? 'md'} closeOnClickOutside={!isDirty}>
      {body}
    </Modal>
  );
}
