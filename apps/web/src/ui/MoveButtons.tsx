import { Group } from '@mantine/core';
import { IconButton } from './IconButton';
import { IconArrowDown, IconArrowUp } from './icons';

/** `list` with the item at `from` moved to `to`. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item as T);
  return out;
}

/**
 * Move up / Move down for one row of an ordered list (modifier options, family variants): keyboard
 * reachable, named after the row, disabled at the ends.
 */
export function MoveButtons({ index, count, name, disabled, onMove }: { index: number; count: number; name: string; disabled?: boolean; onMove: (to: number) => void }) {
  return (
    <Group gap={0} wrap="nowrap">
      <IconButton label={`Move ${name} up`} color="gray" disabled={disabled || index === 0} onClick={() => onMove(index - 1)}>
        <IconArrowUp size={14} />
      </IconButton>
      <IconButton label={`Move ${name} down`} color="gray" disabled={disabled || index === count - 1} onClick={() => onMove(index + 1)}>
        <IconArrowDown size={14} />
      </IconButton>
    </Group>
  );
}
