/**
 * A feed's file (`feed/{id}/build`, `feed/{id}/key`, `feed/{id}/file`): when it was last built and what
 * it carried, Build now (a job, followed here), the address the comparison site fetches (a new one made
 * here, its key shown once) and the file as the site sees it, to download.
 */
import { Button, Code, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { feedFileLayoutOf, isAllowed, TARGET_DESTINATION_LABELS, type Feed, type FeedKey, type Job } from '@qm/contracts';
import { api, download, errorMessage } from '../../../lib/api';
import { formatDateTime, formatInteger } from '../../../lib/format';
import { useFollowJob } from '../../../lib/jobs';
import { usePermissions } from '../../../lib/session';
import { invalidate, useResourceItem } from '../../../lib/resource';
import { alertDialog, confirmDialog } from '../../../ui/ConfirmDialog';
import { ShownOnce } from '../../../ui/ShownOnce';
import { feeds } from '../api';

export function FeedFileDialog({ feed, onClose }: { feed: Feed | null; onClose: () => void }) {
  return (
    <Modal opened={feed !== null} onClose={onClose} title={feed ? `Feed file: ${feed.name}` : 'Feed file'} size="lg">
      {feed ? <FeedFile feed={feed} /> : null}
    </Modal>
  );
}

function FeedFile({ feed: listed }: { feed: Feed }) {
  // read again after a build or a new address (the list's row is as it was when the dialog opened)
  const feed = useResourceItem(feeds, listed.id).data ?? listed;
  const canWrite = isAllowed(['feeds.write'], usePermissions());
  const [progress, setProgress] = useState<Job | null>(null);
  const [created, setCreated] = useState<FeedKey | null>(null);
  const [busy, setBusy] = useState(false);
  const build = useFollowJob({
    onProgress: setProgress,
    onEnd: (job) => {
      setProgress(null);
      void invalidate(feeds);
      if (job.status === 'succeeded') notifications.show({ color: 'teal', message: `${feed.name} built` });
      else alertDialog('Error', job.error ?? `The build ${job.status === 'cancelled' ? 'was cancelled' : 'failed'}`);
    },
  });
  const xml = feedFileLayoutOf(feed).format === 'xml';

  const startBuild = async () => {
    try {
      build.follow((await api.post<{ data: Job }>(`feed/${feed.id}/build`)).data);
    } catch (e) {
      alertDialog('Error', errorMessage(e));
    }
  };
  const newAddress = async () => {
    if (feed.key_prefix) {
      const ok = await confirmDialog({
        title: 'Give the feed a new address?',
        message: `${TARGET_DESTINATION_LABELS[feed.target_destination]} fetches the file from its address: the current one stops answering at once, and the site must be given the new one.`,
        confirmLabel: 'New address',
      });
      if (!ok) return;
    }
    setBusy(true);
    try {
      setCreated((await api.post<{ data: FeedKey }>(`feed/${feed.id}/key`)).data);
      void invalidate(feeds);
    } catch (e) {
      alertDialog('Error', errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const address = created ? `${window.location.origin}${created.path}` : null;

  return (
    <Stack gap="md">
      <div>
        <Text size="sm" fw={600}>The file</Text>
        <Text size="sm" data-testid="feed-built">
          {feed.built_at
            ? `Built ${formatDateTime(feed.built_at)}: ${formatInteger(feed.built_items)} item${feed.built_items === 1 ? '' : 's'}, ${formatInteger(feed.built_left_out)} left out`
            : 'Not built yet'}
        </Text>
        <Text size="xs" c="dimmed">
          {xml ? 'XML' : 'CSV'} for {TARGET_DESTINATION_LABELS[feed.target_destination]}{feed.file_layout ? ' in the feed’s own layout' : ''}, rebuilt {feed.frequency_hours === 24 ? 'daily' : 'weekly'} while the feed is enabled. Price and
          stock are read when the file is fetched; items disabled, unpriced or below cost since the build are left out then.
        </Text>
        {progress ? <Progress mt="xs" value={progress.total ? (100 * progress.progress) / progress.total : 5} animated aria-label="Build progress" /> : null}
        <Group gap="xs" mt="xs">
          {canWrite ? (
            <Button size="xs" onClick={() => void startBuild()} loading={build.following}>
              Build now
            </Button>
          ) : null}
          <Button
            size="xs"
            variant="default"
            disabled={!feed.built_at}
            onClick={() => void download(`feed/${feed.id}/file`, {}, `feed-${feed.id}.${xml ? 'xml' : 'csv'}`).catch((e) => alertDialog('Error', errorMessage(e)))}
          >
            Download file
          </Button>
        </Group>
      </div>
      <div>
        <Text size="sm" fw={600}>Address</Text>
        <Text size="sm" data-testid="feed-address">
          {feed.key_prefix ? (
            <>
              <Code>/api/feed-file/{feed.key_prefix}…</Code> (the whole address was shown once, when it was made)
            </>
          ) : (
            'None yet: make one and give it to the site.'
          )}
        </Text>
        {address ? (
          <ShownOnce
            mt="xs"
            title="New address"
            value={address}
            hideLabel="Hide the address"
            onHide={() => setCreated(null)}
            testId="new-feed-address"
            note={feed.is_enabled ? null : 'The feed is disabled: the address answers once it is enabled.'}
          />
        ) : null}
        {canWrite ? (
          <Button size="xs" variant="default" mt="xs" onClick={() => void newAddress()} loading={busy}>
            {feed.key_prefix ? 'New address…' : 'Make an address'}
          </Button>
        ) : null}
      </div>
    </Stack>
  );
}
