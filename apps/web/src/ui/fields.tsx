/**
 * Form fields bound to the surrounding react-hook-form (ResourceForm provides it): each shows its
 * label, its error (from the shared zod schema or from the server's `fields`) and stays accessible.
 */
import type { ChangeEvent, ReactNode } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { Anchor, Checkbox, MultiSelect, PasswordInput, Select, Switch, TagsInput, Text, Textarea, TextInput, type ComboboxItem } from '@mantine/core';
import { DateInput, DecimalInput, IntegerInput, MoneyInput, PhoneInput, UpcInput, ZipInput } from './inputs';
import { Link } from 'react-router';
import { useFieldBounds, useFieldHolder } from './formSchema';

interface FieldProps {
  name: string;
  label: string;
  description?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  placeholder?: string;
  autoFocus?: boolean;
  /** The label is the input's accessible name only, not shown (an input in a table row under its column's header). */
  labelHidden?: boolean;
}

/** The props of the label: shown, or (labelHidden) the accessible name only. */
function labelled<P extends FieldProps>({ labelHidden, label, ...rest }: P) {
  return labelHidden ? { ...rest, 'aria-label': label } : { ...rest, label };
}

/**
 * The field bound to the form, with the props every input takes from it: name, onBlur and the error
 * (errors of a list's items, `roles.0`, belong to the list too).
 */
function useField(name: string) {
  const { control } = useFormContext();
  const { field, fieldState, formState } = useController({ name, control });
  const holder = useFieldHolder(name);
  const errors = formState.errors[name] as unknown;
  const itemError = Array.isArray(errors) ? (errors.find((x) => x?.message) as { message?: string } | undefined)?.message : undefined;
  const message = fieldState.error?.message ?? itemError;
  // A value already in use: the message names the record that holds it, with a link to it.
  const error: ReactNode =
    message && holder && fieldState.error?.type === 'server' && holder.path ? (
      <>
        {message}{' '}
        <Anchor component={Link} to={holder.path} size="xs" className="qm-break">
          Open {holder.label}
        </Anchor>
      </>
    ) : (
      message
    );
  return { field, bound: { name: field.name, onBlur: field.onBlur, error } };
}

/** Props of a text input bound to the field (empty is ''). */
function useTextField(name: string) {
  const { field, bound } = useField(name);
  return {
    ...bound,
    ref: field.ref,
    value: (field.value as string | null | undefined) ?? '',
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => field.onChange(e.currentTarget.value),
  };
}

/** Props of an on/off input (Switch, Checkbox) bound to the field. */
function useToggleField({ label, description, disabled, name }: Omit<FieldProps, 'placeholder'>) {
  const { field, bound } = useField(name);
  return { label, description, disabled, ...bound, ref: field.ref, checked: Boolean(field.value), onChange: (e: ChangeEvent<HTMLInputElement>) => field.onChange(e.currentTarget.checked) };
}

/**
 * The field's description with, once the text nears the schema's maximum length, how many characters
 * it has of how many: the limit is said before the save refuses it (and the text is never cut short).
 */
function useLengthDescription(name: string, value: string, description: ReactNode): ReactNode {
  const { maxLength } = useFieldBounds(name);
  if (!maxLength || value.length < maxLength * 0.8) return description;
  const over = value.length > maxLength;
  const counter = (
    <Text span size="xs" c={over ? 'red' : 'dimmed'} fw={over ? 600 : undefined} aria-live="polite">
      {`${value.length.toLocaleString('en-US')} of at most ${maxLength.toLocaleString('en-US')} characters`}
    </Text>
  );
  return description ? (
    <>
      {description} · {counter}
    </>
  ) : (
    counter
  );
}

export function TextField({ type = 'text', autoComplete, description, ...p }: FieldProps & { type?: 'text' | 'email' | 'url'; autoComplete?: string }) {
  const bound = useTextField(p.name);
  const hint = useLengthDescription(p.name, bound.value, description);
  return <TextInput {...labelled(p)} description={hint} type={type} autoComplete={autoComplete} {...bound} />;
}

export function TextAreaField({ description, ...p }: FieldProps & { rows?: number }) {
  const bound = useTextField(p.name);
  const hint = useLengthDescription(p.name, bound.value, description);
  return <Textarea {...p} description={hint} autosize minRows={p.rows ?? 3} maxRows={12} {...bound} />;
}

export function PasswordField({ autoComplete = 'new-password', ...p }: FieldProps & { autoComplete?: string }) {
  const bound = useTextField(p.name);
  return <PasswordInput {...p} autoComplete={autoComplete} {...bound} />;
}

export function SwitchField(p: Omit<FieldProps, 'placeholder'>) {
  const bound = useToggleField(p);
  return <Switch {...bound} />;
}

export function CheckboxField(p: Omit<FieldProps, 'placeholder'>) {
  const bound = useToggleField(p);
  return <Checkbox {...bound} />;
}

export type Option = ComboboxItem;

export function SelectField({ options, clearable, numeric, ...p }: FieldProps & { options: Option[]; clearable?: boolean; numeric?: boolean }) {
  const { field, bound } = useField(p.name);
  const value = field.value === null || field.value === undefined ? null : String(field.value);
  return (
    <Select
      {...labelled(p)}
      {...bound}
      data={options}
      clearable={clearable}
      searchable={options.length > 8}
      ref={field.ref}
      value={value}
      onChange={(v) => field.onChange(v === null ? null : numeric ? Number(v) : v)}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

export function MultiSelectField({ options, numeric, ...p }: FieldProps & { options: Option[]; numeric?: boolean }) {
  const { field, bound } = useField(p.name);
  const value = ((field.value as (string | number)[] | undefined) ?? []).map(String);
  return (
    <MultiSelect
      {...p}
      {...bound}
      data={options}
      searchable
      hidePickedOptions
      ref={field.ref}
      value={value}
      onChange={(v) => field.onChange(numeric ? v.map(Number) : v)}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/**
 * Props of an input that takes the field's value as it is (numbers, formatted texts). `ref` is for
 * the inputs a server error may focus; the formatted texts (phone, ZIP, UPC) take none.
 */
function useValueField<V>(name: string) {
  const { field, bound } = useField(name);
  return { bound: { ...bound, value: field.value as V, onChange: field.onChange }, ref: field.ref };
}

/** A number field's range: what the screen says, else what the form's schema says. */
function useRange(name: string, p: { min?: number; max?: number }) {
  const b = useFieldBounds(name);
  return { min: p.min ?? b.min, max: p.max ?? b.max };
}

/** A decimal number (weights, measurements); empty is null. A value out of range shows the rule. */
export function DecimalField({ unit, min, max, scale, ...p }: FieldProps & { unit?: string; min?: number; max?: number; scale?: number }) {
  const { bound, ref } = useValueField<number | null>(p.name);
  return <DecimalInput {...p} {...useRange(p.name, { min, max })} {...bound} ref={ref} scale={scale} rightSection={unit ? <Text size="xs" c="dimmed">{unit}</Text> : undefined} />;
}

/** Money in integer cents (`min`/`max` in cents); a minus typed stays and shows the rule. */
export function MoneyField({ min, max, ...p }: FieldProps & { min?: number; max?: number }) {
  const { bound, ref } = useValueField<number | null>(p.name);
  return <MoneyInput {...p} {...useRange(p.name, { min, max })} {...bound} ref={ref} />;
}

export function IntegerField({ min, max, ...p }: FieldProps & { min?: number; max?: number }) {
  const { bound, ref } = useValueField<number | null>(p.name);
  return <IntegerInput {...p} {...useRange(p.name, { min, max })} {...bound} ref={ref} />;
}

export function PhoneField(p: FieldProps) {
  const { bound } = useValueField<string>(p.name);
  return <PhoneInput {...p} {...bound} />;
}

export function ZipField(p: FieldProps) {
  const { bound } = useValueField<string>(p.name);
  return <ZipInput {...p} {...bound} />;
}

export function UpcField(p: FieldProps) {
  const { bound } = useValueField<string>(p.name);
  return <UpcInput {...p} {...bound} />;
}

/** A list of free texts (e.g. a select attribute's options), typed one by one; Enter or comma adds one. */
export function TagsField(p: FieldProps) {
  const { field, bound } = useField(p.name);
  return <TagsInput {...p} {...bound} ref={field.ref} value={(field.value as string[] | undefined) ?? []} onChange={field.onChange} splitChars={[',']} clearable />;
}

const isoDay = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null);

/** A day (YYYY-MM-DD) bound to the surrounding form, typed as the kit's `DateInput`; empty is null. */
export function DateField({ name, label, description, w = 180 }: { name: string; label: string; description?: string; w?: number }) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  return (
    <DateInput
      label={label}
      description={description}
      name={field.name}
      ref={field.ref}
      value={isoDay(field.value)}
      // text that is not yet a day stays in the form as typed, so the schema refuses to save it
      onChange={(iso, typed) => field.onChange(iso ?? (typed === '' ? null : typed))}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
      w={w}
    />
  );
}
