import type { ReactNode } from 'react';
import { Group, Text, Title } from '@mantine/core';

/** Title of a screen (its route title) with the screen's main actions on the right. */
export function PageHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-end" mb="sm" wrap="nowrap" className="qm-page-header">
      <div>
        <Title order={1} size="h3" fw={600}>
          {title}
        </Title>
        {description ? (
          <Text size="sm" c="dimmed" mt={2}>
            {description}
          </Text>
        ) : null}
      </div>
      {actions ? <Group gap="xs" wrap="nowrap">{actions}</Group> : null}
    </Group>
  );
}
