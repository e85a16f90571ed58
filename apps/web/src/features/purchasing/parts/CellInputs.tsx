/** Number inputs bound to the surrounding form for table cells: named for screen readers, no visible label (the column says it). */
import { useController, useFormContext } from 'react-hook-form';
import { IntegerInput, MoneyInput } from '../../../ui/inputs';

function useCell(name: string) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  return { ref: field.ref, value: field.value as number | null, onChange: field.onChange, onBlur: field.onBlur, error: fieldState.error?.message };
}

export function CellInteger({ name, label, min, max }: { name: string; label: string; min?: number; max?: number }) {
  const p = useCell(name);
  return <IntegerInput size="xs" aria-label={label} min={min} max={max} {...p} />;
}

export function CellMoney({ name, label }: { name: string; label: string }) {
  const p = useCell(name);
  return <MoneyInput size="xs" aria-label={label} {...p} />;
}
