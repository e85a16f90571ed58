import { useEffect } from 'react';
import { Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { reportUncaught } from '../lib/errors';
import { IconAlert, IconRefresh } from '../ui/icons';

/** Router errorElement: reports the error and re-throws it to the browser, then shows a calm panel with ways out. */
export function RouteError({ inLayout = false }: { inLayout?: boolean }) {
  const error = useRouteError();
  const chunkFailed = error instanceof TypeError && /dynamically imported module|Importing a module script failed/i.test(error.message);
  useEffect(() => {
    if (!isRouteErrorResponse(error)) reportUncaught(error);
  }, [error]);

  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : chunkFailed
      ? 'A newer version of Quartermaster is available, or the connection dropped while loading this screen.'
      : error instanceof Error
        ? error.message
        : 'Unknown error';

  const panel = (
    <Paper withBorder p="lg" radius="sm" maw={640} role="alert">
      <Stack gap="sm">
        <Group gap="xs" c="red">
          <IconAlert size={20} />
          <Title order={1} size="h4">
            Something went wrong
          </Title>
        </Group>
        <Text size="sm">This screen hit an unexpected problem. It has been reported. You can reload the page or go back to the dashboard.</Text>
        <Code block>{message}</Code>
        <Group gap="xs">
          <Button size="xs" leftSection={<IconRefresh size={14} />} onClick={() => window.location.reload()}>
            Reload page
          </Button>
          <Button size="xs" variant="default" component={Link} to="/">
            Dashboard
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
  return inLayout ? panel : <main className="qm-public">{panel}</main>;
}
