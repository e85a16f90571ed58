import type { ReactNode } from 'react';
import { Button, Group, Text, Title, Tooltip } from '@mantine/core';
import { Breadcrumbs, listedRouteOf, useCurrentRouteName } from './Breadcrumbs';
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
 * On a detail route (`X.view`, under the listed route `X`) the breadcrumb trail group › list › item
 * shows above the title; `item` is the item's label there (default: the title).
 */
export function PageHeader(props: { title?: string; item?: ReactNode; description?: ReactNode; actions?: ReactNode; create?: CreateAction | false | null }) {
  const { description, actions, create } = props;
  const routeTitle = useRouteTitle();
  const title = props.title ?? routeTitle;
  const routeName = useCurrentRouteName();
  const detail = routeName !== undefined && routeName.endsWith('.view') && listedRouteOf(routeName) !== undefined;
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
      <div style={{ minWidth: 0 }}>
        {detail ? <Breadcrumbs item={props.item ?? title} /> : null}
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
