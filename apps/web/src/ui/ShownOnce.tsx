/**
 * A secret shown once, when it was made (an API key, a feed's address): the value with Copy, the note
 * that it cannot be read again, and a close button that hides it for good.
 */
import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function ShownOnce(props: { title: string; value: string; hideLabel: string; onHide: () => void; testId: string; note?: ReactNode; mt?: string }) {
  return (
    <Alert color="teal" mt={props.mt} title={props.title} withCloseButton closeButtonLabel={props.hideLabel} onClose={props.onHide}>
      <Stack gap={6}>
        <Text size="sm">
          Copy it now: it is shown this once and cannot be read again.{props.note ? <> {props.note}</> : null}
        </Text>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Code data-testid={props.testId} style={{ wordBreak: 'break-all' }}>
            {props.value}
          </Code>
          <CopyButton value={props.value}>
            {({ copied, copy }) => (
              <Button size="xs" variant={copied ? 'light' : 'default'} onClick={copy} style={{ flexShrink: 0 }}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Alert>
  );
}
