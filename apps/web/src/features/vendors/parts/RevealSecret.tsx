/**
 * Reveal of a credential's secret (`vendors.reveal`, audited by the server): shown for
 * REVEAL_SECONDS, then hidden again; closing hides it at once.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Code, CopyButton, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { REVEAL_SECONDS, type VendorCredential } from '@qm/contracts';
import { errorMessage } from '../../../lib/api';
import { useRevealCredential } from '../api';

export function RevealButton({ credential }: { credential: VendorCredential }) {
  const reveal = useRevealCredential();
  const [secret, setSecret] = useState<string | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const name = credential.label ?? credential.kind;
  const open = async () => {
    setError(null);
    try {
      setSecret(await reveal.mutateAsync(credential.id));
    } catch (e) {
      setError(errorMessage(e));
      setSecret(null);
    }
  };
  const close = () => {
    setSecret(undefined);
    setError(null);
  };
  return (
    <>
      <Button size="compact-xs" variant="light" color="orange" disabled={!credential.has_secret} loading={reveal.isPending} onClick={() => void open()} aria-label={`Reveal the secret of ${credential.vendor_name} ${name}`}>
        Reveal
      </Button>
      {secret !== undefined ? <Revealed title={`${credential.vendor_name} · ${name}`} secret={secret} error={error} onClose={close} /> : null}
    </>
  );
}

function Revealed({ title, secret, error, onClose }: { title: string; secret: string | null; error: string | null; onClose: () => void }) {
  const [left, setLeft] = useState(REVEAL_SECONDS);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  // One countdown from when the secret came, whatever re-renders meanwhile.
  useEffect(() => {
    const started = Date.now();
    const t = setInterval(() => {
      const remaining = REVEAL_SECONDS - Math.floor((Date.now() - started) / 1000);
      if (remaining <= 0) closeRef.current();
      else setLeft(remaining);
    }, 250);
    return () => clearInterval(t);
  }, []);
  return (
    <Modal opened onClose={onClose} title={`Secret of ${title}`} size="md" centered>
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : (
        <Stack gap="xs">
          <Code block fz="sm" data-testid="revealed-secret" style={{ wordBreak: 'break-all' }}>
            {secret ?? '(no secret stored)'}
          </Code>
          <Text size="xs" c="dimmed" aria-live="polite">
            Hidden again in {left} s. This reveal is recorded in the audit log.
          </Text>
          <Progress value={(left / REVEAL_SECONDS) * 100} size="xs" aria-label="Time until the secret is hidden" />
          <Group justify="flex-end" gap="xs">
            {secret ? (
              <CopyButton value={secret}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="default" onClick={copy}>
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
            ) : null}
            <Button size="xs" onClick={onClose}>
              Hide now
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
