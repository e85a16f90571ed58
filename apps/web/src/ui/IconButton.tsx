import type { ReactNode } from 'react';
import { ActionIcon, Tooltip, type MantineColor, type MantineSize } from '@mantine/core';

/** A subtle icon button named by `label` (its tooltip too, unless `tooltip` says otherwise). */
export function IconButton({
  label,
  tooltip = label,
  color,
  size = 'sm',
  disabled,
  onClick,
  children,
}: {
  label: string;
  tooltip?: string;
  color?: MantineColor;
  size?: MantineSize;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={tooltip}>
      <ActionIcon variant="subtle" color={color} size={size} aria-label={label} disabled={disabled} onClick={onClick}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
