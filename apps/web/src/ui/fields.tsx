/**
 * Form fields bound to the surrounding react-hook-form (ResourceForm provides it): each shows its
 * label, its error (from the shared zod schema or from the server's `fields`) and stays accessible.
 */
import type { ReactNode } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { Checkbox, MultiSelect, PasswordInput, Select, Switch, TagsInput, Text, Textarea, TextInput, type ComboboxItem } from '@mantine/core';
import { DecimalInput, IntegerInput, MoneyInput, PhoneInput, UpcInput, ZipInput } from './inputs';

interface FieldProps {
  name: string;
  label: string;
  description?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  placeholder?: string;
  autoFocus?: boolean;
}

function useField(name: string) {
  const { control } = useFormContext();
  return useController({ name, control });
}

export function TextField({ type = 'text', autoComplete, ...p }: FieldProps & { type?: 'text' | 'email' | 'url'; autoComplete?: string }) {
  const { field, fieldState } = useField(p.name);
  return (
    <TextInput
      {...p}
      type={type}
      autoComplete={autoComplete}
      ref={field.ref}
      name={field.name}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={(e) => field.onChange(e.currentTarget.value)}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}

export function TextAreaField(p: FieldProps & { rows?: number }) {
  const { field, fieldState } = useField(p.name);
  return (
    <Textarea
      {...p}
      autosize
      minRows={p.rows ?? 3}
      ref={field.ref}
      name={field.name}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={(e) => field.onChange(e.currentTarget.value)}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}

export function PasswordField({ autoComplete = 'new-password', ...p }: FieldProps & { autoComplete?: string }) {
  const { field, fieldState } = useField(p.name);
  return (
    <PasswordInput
      {...p}
      autoComplete={autoComplete}
      ref={field.ref}
      name={field.name}
      value={(field.value as string | undefined) ?? ''}
      onChange={(e) => field.onChange(e.currentTarget.value)}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}

export function SwitchField(p: Omit<FieldProps, 'placeholder'>) {
  const { field, fieldState } = useField(p.name);
  return (
    <Switch
      label={p.label}
      description={p.description}
      disabled={p.disabled}
      ref={field.ref}
      name={field.name}
      checked={Boolean(field.value)}
      onChange={(e) => field.onChange(e.currentTarget.checked)}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}

export function CheckboxField(p: Omit<FieldProps, 'placeholder'>) {
  const { field, fieldState } = useField(p.name);
  return (
    <Checkbox
      label={p.label}
      description={p.description}
      disabled={p.disabled}
      ref={field.ref}
      name={field.name}
      checked={Boolean(field.value)}
      onChange={(e) => field.onChange(e.currentTarget.checked)}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}

export type Option = ComboboxItem;

export function SelectField({ options, clearable, numeric, ...p }: FieldProps & { options: Option[]; clearable?: boolean; numeric?: boolean }) {
  const { field, fieldState } = useField(p.name);
  const value = field.value === null || field.value === undefined ? null : String(field.value);
  return (
    <Select
      {...p}
      data={options}
      clearable={clearable}
      searchable={options.length > 8}
      ref={field.ref}
      name={field.name}
      value={value}
      onChange={(v) => field.onChange(v === null ? null : numeric ? Number(v) : v)}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

export function MultiSelectField({ options, numeric, ...p }: FieldProps & { options: Option[]; numeric?: boolean }) {
  const { field, fieldState, formState } = useField(p.name);
  const value = ((field.value as (string | number)[] | undefined) ?? []).map(String);
  // Errors of items (`roles.0`) belong to the list too.
  const errors = formState.errors[p.name] as unknown;
  const itemError = Array.isArray(errors) ? (errors.find((x) => x?.message) as { message?: string } | undefined)?.message : undefined;
  return (
    <MultiSelect
      {...p}
      data={options}
      searchable
      hidePickedOptions
      ref={field.ref}
      name={field.name}
      value={value}
      onChange={(v) => field.onChange(numeric ? v.map(Number) : v)}
      onBlur={field.onBlur}
      error={fieldState.error?.message ?? itemError}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** A decimal number (weights, measurements); empty is null. */
export function DecimalField(p: FieldProps & { unit?: string }) {
  const { field, fieldState } = useField(p.name);
  const { unit, ...rest } = p;
  return (
    <DecimalInput
      {...rest}
      ref={field.ref}
      value={field.value as number | null}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
      rightSection={unit ? <Text size="xs" c="dimmed">{unit}</Text> : undefined}
    />
  );
}

export function MoneyField(p: FieldProps & { min?: number; max?: number }) {
  const { field, fieldState } = useField(p.name);
  return <MoneyInput {...p} ref={field.ref} value={field.value as number | null} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} />;
}

export function IntegerField(p: FieldProps & { min?: number; max?: number }) {
  const { field, fieldState } = useField(p.name);
  return <IntegerInput {...p} ref={field.ref} value={field.value as number | null} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} />;
}

export function PhoneField(p: FieldProps) {
  const { field, fieldState } = useField(p.name);
  return <PhoneInput {...p} value={field.value as string} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} />;
}

export function ZipField(p: FieldProps) {
  const { field, fieldState } = useField(p.name);
  return <ZipInput {...p} value={field.value as string} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} />;
}

export function UpcField(p: FieldProps) {
  const { field, fieldState } = useField(p.name);
  return <UpcInput {...p} value={field.value as string} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} />;
}

/** A list of free texts (e.g. a select attribute's options), typed one by one; Enter or comma adds one. */
export function TagsField(p: FieldProps) {
  const { field, fieldState, formState } = useField(p.name);
  const errors = formState.errors[p.name] as unknown;
  const itemError = Array.isArray(errors) ? (errors.find((x) => x?.message) as { message?: string } | undefined)?.message : undefined;
  return (
    <TagsInput
      {...p}
      ref={field.ref}
      name={field.name}
      value={(field.value as string[] | undefined) ?? []}
      onChange={field.onChange}
      onBlur={field.onBlur}
      splitChars={[',']}
      clearable
      error={fieldState.error?.message ?? itemError}
    />
  );
}

