/** One headline figure of a dashboard: a label, the number (opening the screen it counts, when given) and a note. */
import { Anchor, Paper, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatInteger } from '../lib/format';

export function Figure({ label, value, href, note, alert = false }: { label: string; value: number; href?: string; note?: string; alert?: boolean }) {
  const text = formatInteger(value);
  return (
    <Paper withBorder p="sm" radius="sm">
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz={24} fw={600} lh={1.2} c={alert && value > 0 ? 'red' : undefined}>
        {href ? (
          <Anchor component={Link} to={href} inherit underline="hover" c="inherit">
            {text}
          </Anchor>
        ) : (
          text
        )}
      </Text>
      {note ? (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      ) : null}
    </Paper>
  );
}
