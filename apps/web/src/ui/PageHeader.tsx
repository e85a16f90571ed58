import type { ReactNode } from 'react';
import { Button, Group, Text, Title, Tooltip } from '@mantine/core';
import { IconPlus } from './icons';
import { useRouteTitle } from './routeTitle';

/** The screen's "New …" button: its label, what it does, and an optional tooltip. */
export interface CreateAction {
  label: string;
  onClick: () => void;
  tooltip?: string;
}

function CreateButton({ label, onClick, tooltip }: CreateAction) {
  const button = (
    <Button leftSection={<IconPlus size={14} />} onClick={onClick}>
      {label}
    </Button>
  );
  return tooltip ? <Tooltip label={tooltip}>{button}</Tooltip> : button;
}

/**
 * Title of a screen (by default its route title) with the screen's main actions on the right.
 * `create` is the "New …" button (pass `false` or null where the user may not write).
 */
export function PageHeader(props: { title?: string; description?: ReactNode; actions?: ReactNode; create?: CreateAction | false | null }) {
  const { description, actions, create } = props;
  const routeTitle = useRouteTitle();
  const title = props.title ?? routeTitle;
  const all = create ? (
    <>
      <CreateButton {...create} />
      {actions}
    </>
  ) : (
    actions
  );
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
      {all ? <Group gap="xs" wrap="nowrap">{all}</Group> : null}
    </Group>
  );
}
