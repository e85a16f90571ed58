import { Paper, Text, Title } from '@mantine/core';
import { useMatches } from 'react-router';
import type { RouteHandle } from './navigation';

/** Routes whose screens are not built yet: same title, an honest message, no fake data. */
export function NotAvailable() {
  const matches = useMatches();
  const title = (matches[matches.length - 1]?.handle as RouteHandle | undefined)?.title ?? 'This screen';
  return (
    <Paper withBorder p="xl" radius="sm" maw={640}>
      <Title order={1} size="h3" mb="xs">
        {title}
      </Title>
      <Text c="dimmed">{title} is not available in this version yet</Text>
    </Paper>
  );
}
