/**
 * An `Error` dialog that shows a response's data (SPEC §8: publish and store-variant failures): its
 * message, the reasons it lists (`blockers`, or the error's `fields`), and the data itself.
 */
import '@mantine/core/styles/List.css';
import { Code, List, ScrollArea, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { ApiError } from '../lib/api';

interface Reason {
  key: string;
  text: string;
}

function reasonsOf(data: unknown): { message: string | null; reasons: Reason[] } {
  const d = (data ?? {}) as Record<string, unknown>;
  const err = (d.error ?? null) as { message?: string; fields?: Record<string, string> } | null;
  const message = typeof d.message === 'string' ? d.message : err?.message ?? null;
  if (Array.isArray(d.blockers)) {
    return { message, reasons: (d.blockers as { code?: string; message?: string }[]).map((b, i) => ({ key: `${b.code ?? 'b'}${i}`, text: b.message ?? String(b.code) })) };
  }
  const fields = err?.fields ?? (d.fields as Record<string, string> | undefined);
  return { message, reasons: fields ? Object.entries(fields).map(([k, v]) => ({ key: k, text: `${k}: ${v}` })) : [] };
}

/** The response data of a failed call: the body of an `ApiError`, or what the server answered. */
export function responseDataOf(e: unknown): unknown {
  if (e instanceof ApiError) return { error: { code: e.code, message: e.message, ...(Object.keys(e.fields).length ? { fields: e.fields } : {}) } };
  if (e instanceof Error) return { error: { message: e.message } };
  return e;
}

export function responseDataDialog(title: string, data: unknown, lead?: string): void {
  const { message, reasons } = reasonsOf(data);
  modals.open({
    title,
    centered: true,
    size: 'lg',
    children: (
      <Stack gap="sm" data-testid="response-data">
        {lead ? <Text size="sm">{lead}</Text> : null}
        {message ? (
          <Text size="sm" fw={500}>
            {message}
          </Text>
        ) : null}
        {reasons.length ? (
          <List size="sm" spacing={4}>
            {reasons.map((r) => (
              <List.Item key={r.key}>{r.text}</List.Item>
            ))}
          </List>
        ) : null}
        <div>
          <Text size="xs" c="dimmed" mb={4}>
            Response data
          </Text>
          <ScrollArea.Autosize mah={220} type="auto">
            <Code block className="qm-code-wrap">
              {JSON.stringify(data, null, 2)}
            </Code>
          </ScrollArea.Autosize>
        </div>
      </Stack>
    ),
  });
}
