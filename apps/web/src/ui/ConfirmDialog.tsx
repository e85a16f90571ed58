/** Confirmation before anything destructive (Mantine modals' confirm). Resolves true when confirmed. */
import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

export interface ConfirmOptions {
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button (deletes, deactivations). Default true. */
  danger?: boolean;
}

export function confirmDialog({ title, message, confirmLabel = 'Confirm', cancelLabel = 'Cancel', danger = true }: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (v: boolean) => {
      if (settled) return;
      settled = true;
      resolve(v);
    };
    modals.openConfirmModal({
      title,
      centered: true,
      children: typeof message === 'string' ? <Text size="sm">{message}</Text> : message,
      labels: { confirm: confirmLabel, cancel: cancelLabel },
      confirmProps: danger ? { color: 'red' } : undefined,
      onConfirm: () => settle(true),
      onCancel: () => settle(false),
      onClose: () => settle(false),
    });
  });
}

/** Shows a message in a dialog titled `title` (e.g. "Error"); a text's lines stay lines. */
export function alertDialog(title: string, message: ReactNode): void {
  modals.open({
    title,
    centered: true,
    children: typeof message === 'string' ? <Text size="sm" style={{ whiteSpace: 'pre-line' }}>{message}</Text> : message,
  });
}
