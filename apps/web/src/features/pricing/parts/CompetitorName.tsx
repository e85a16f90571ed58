import { Badge, Group, Text } from '@mantine/core';

/** A competitor's name; struck through and marked Ignored when it is on the blacklist (pricing leaves its offers out). */
export function CompetitorName({ name, blacklisted }: { name: string; blacklisted: boolean }) {
  return (
    <Group gap={4} wrap="wrap">
      <Text size="sm" fw={500} className="qm-cell-text" td={blacklisted ? 'line-through' : undefined}>
        {name}
      </Text>
      {blacklisted ? (
        <Badge size="xs" variant="light" color="gray" radius="sm">
          Ignored
        </Badge>
      ) : null}
    </Group>
  );
}
