/** A day (YYYY-MM-DD) bound to the surrounding form; empty is null. */
import { TextInput } from '@mantine/core';
import { useController, useFormContext } from 'react-hook-form';

export function DateField({ name, label, description }: { name: string; label: string; description?: string }) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  return (
    <TextInput
      type="date"
      label={label}
      description={description}
      name={field.name}
      ref={field.ref}
      value={(field.value as string | null) ?? ''}
      onChange={(e) => field.onChange(e.currentTarget.value || null)}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
      w={180}
    />
  );
}
