import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { PUBLIC_ROUTES } from '@qm/contracts';
import { IconArrowLeft, IconLock } from '../ui/icons';

/** The refusal page (SPEC §2, §6): says what was refused and how to get back. */
export function Forbidden() {
  const [params] = useSearchParams();
  const from = params.get('from');
  return (
    <main className="qm-public" id="main">
      <Paper withBorder shadow="sm" p="xl" radius="md" maw={480} w="100%">
        <Stack gap="sm">
          <Group gap="xs" c="red">
            <IconLock size={20} />
            <Title order={1} size="h3">
              {PUBLIC_ROUTES.forbidden.title}
            </Title>
          </Group>
          <Text>
            {from ? (
              <>
                You do not have permission to open <Text span ff="monospace" fw={600}>{from}</Text>.
              </>
            ) : (
              'You do not have permission to open that page.'
            )}
          </Text>
          <Text size="sm" c="dimmed">
            If you need it for your work, ask an administrator to give your account the right role.
          </Text>
          <Group>
            <Button component={Link} to="/" leftSection={<IconArrowLeft size={14} />}>
              Back to the dashboard
            </Button>
          </Group>
        </Stack>
      </Paper>
    </main>
  );
}
