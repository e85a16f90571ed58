import type { ReactNode } from 'react';
import { ActionIcon, Tooltip, type MantineColor, type MantineSize } from '@mantine/core';

/**
 * A subtle icon-only button: `label` is its accessible name and its tooltip, the same words for
 * every user.
 */
export function IconButton({
  label,
  color,
  size = 'sm',
  disabled,
  onClick,
  children,
}: {
  label: string;
  color?: MantineColor;
  size?: MantineSize;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color={color} size={size} aria-label={label} disabled={disabled} onClick={onClick}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
