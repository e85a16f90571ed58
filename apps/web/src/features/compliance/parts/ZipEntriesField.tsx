/**
 * The entries of a zip code group as a pasted list: one text, split on new lines, commas, semicolons
 * and spaces into the field's array. Every problem (malformed, backwards, duplicate, overlapping) is
 * listed under it with its entry named; nothing is dropped. The form's schema refuses the same list.
 */
import { useEffect, useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { Group, List, Text, Textarea } from '@mantine/core';
import { parseZipEntries, splitZipList } from '@qm/contracts';

export function ZipEntriesField({ name, label }: { name: string; label: string }) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  const entries = (field.value as string[] | undefined) ?? [];
  const [text, setText] = useState(() => entries.join('\n'));
  // A form reset (reload after a conflict) brings other entries: show them.
  useEffect(() => {
    if (splitZipList(text).join('\n') !== entries.join('\n')) setText(entries.join('\n'));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [entries.join('\n')]);
  const { intervals, problems } = parseZipEntries(entries);
  return (
    <div>
      <Textarea
        label={label}
        description="Paste or type zip codes (60601), 3-digit prefixes (606) and ranges (60600-60699, 100-104), one per line or separated by commas."
        name={field.name}
        ref={field.ref}
        value={text}
        autosize
        minRows={5}
        maxRows={14}
        onBlur={field.onBlur}
        onChange={(e) => {
          setText(e.currentTarget.value);
          field.onChange(splitZipList(e.currentTarget.value));
        }}
        error={fieldState.error && !problems.length ? fieldState.error.message : undefined}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        aria-describedby={problems.length ? `${field.name}-problems` : undefined}
      />
      <Group gap="xs" mt={4}>
        <Text size="xs" c="dimmed">
          {intervals.length} valid {intervals.length === 1 ? 'entry' : 'entries'}
        </Text>
        {problems.length ? (
          <Text size="xs" c="red" fw={600}>
            {problems.length} {problems.length === 1 ? 'problem' : 'problems'} to fix
          </Text>
        ) : null}
      </Group>
      {problems.length ? (
        <List id={`${field.name}-problems`} size="xs" c="red" mt={4} spacing={2} aria-label="Problems in the list" role="list">
          {problems.map((p, i) => (
            <List.Item key={`${p.entry}-${i}`}>{p.message}</List.Item>
          ))}
        </List>
      ) : null}
    </div>
  );
}
