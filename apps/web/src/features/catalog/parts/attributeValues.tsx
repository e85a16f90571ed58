/** Attribute values: how each type is shown, typed and checked (the same check as the server's). */
import { Anchor, Select, Text, TextInput } from '@mantine/core';
import { attributeValueProblem, type Attribute, type AttributeValue } from '@qm/contracts';
import { formatCents, formatDecimal } from '../../../lib/format';
import { DecimalInput, MoneyInput } from '../../../ui/inputs';
import { NoValue } from '../../../ui/displays';

export function formatAttributeValue(attr: Pick<Attribute, 'type' | 'unit'>, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  switch (attr.type) {
    case 'boolean':
      return value ? 'Yes' : 'No';
    case 'money':
      return formatCents(value as number);
    case 'number':
      return formatDecimal(value as number);
    case 'measurement':
      return `${formatDecimal(value as number)}${attr.unit ? ` ${attr.unit}` : ''}`;
    default:
      return String(value);
  }
}

export function AttributeValueView({ attr, value }: { attr: Attribute; value: unknown }) {
  const text = formatAttributeValue(attr, value);
  if (!text) return <NoValue />;
  if ((attr.type === 'url' || attr.type === 'image') && typeof value === 'string' && /^https?:\/\//.test(value)) {
    return (
      <Anchor href={value} target="_blank" rel="noreferrer" size="sm" className="qm-wrap">
        {text}
      </Anchor>
    );
  }
  return (
    <Text span size="sm" className={attr.type === 'number' || attr.type === 'measurement' || attr.type === 'money' ? 'qm-num' : 'qm-break'}>
      {text}
    </Text>
  );
}

/** What the user typed for an attribute, as the API wants it; `problem` when it does not fit. */
export function checkAttributeValue(attr: Attribute, value: unknown): { value: AttributeValue | null; problem: string | null } {
  if (value === null || value === undefined || value === '') return { value: null, problem: `${attr.name} needs a value` };
  const v = typeof value === 'string' && attr.type !== 'text' ? value.trim() : value;
  return { value: v as AttributeValue, problem: attributeValueProblem(attr, v) };
}

export function AttributeValueInput({
  attr,
  value,
  onChange,
  label,
  error,
  autoFocus,
}: {
  attr: Attribute;
  value: unknown;
  onChange: (v: AttributeValue | null) => void;
  label: string;
  error?: string | null;
  autoFocus?: boolean;
}) {
  const common = { 'aria-label': label, size: 'xs' as const, error: error ?? undefined, autoFocus };
  switch (attr.type) {
    case 'boolean':
      return (
        <Select
          {...common}
          data={[
            { value: 'true', label: 'Yes' },
            { value: 'false', label: 'No' },
          ]}
          value={value === true ? 'true' : value === false ? 'false' : null}
          onChange={(v) => onChange(v === null ? null : v === 'true')}
          placeholder="Choose"
          comboboxProps={{ withinPortal: true }}
          w={120}
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          data={attr.options}
          value={typeof value === 'string' ? value : null}
          onChange={(v) => onChange(v)}
          searchable={attr.options.length > 8}
          placeholder="Choose"
          comboboxProps={{ withinPortal: true }}
          miw={200}
        />
      );
    case 'money':
      return <MoneyInput {...common} value={typeof value === 'number' ? value : null} onChange={(v) => onChange(v)} w={140} />;
    case 'number':
    case 'measurement':
      return (
        <DecimalInput
          {...common}
          value={typeof value === 'number' ? value : null}
          onChange={(v) => onChange(v)}
          w={150}
          rightSection={attr.unit ? <Text size="xs" c="dimmed">{attr.unit}</Text> : undefined}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          value={typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value)}
          onChange={(e) => onChange(e.currentTarget.value)}
          placeholder={attr.type === 'url' || attr.type === 'image' ? 'https://… or /path' : undefined}
          miw={260}
        />
      );
  }
}
