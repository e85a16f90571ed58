/** A use case's products in stock against its target: red when it is low. */
import { Badge, Tooltip } from '@mantine/core';
import type { MerchandisingUseCase } from '@qm/contracts';
import { formatInteger } from '../../../lib/format';

export function StockBadge({ useCase: u }: { useCase: Pick<MerchandisingUseCase, 'in_stock_count' | 'product_count' | 'min_in_stock' | 'is_low'> }) {
  const text = `${formatInteger(u.in_stock_count)} of ${formatInteger(u.product_count)}`;
  if (!u.is_low) return <span>{text}</span>;
  return (
    <Tooltip label={`Fewer than ${formatInteger(u.min_in_stock)} products in stock`} withArrow>
      <Badge size="sm" radius="sm" variant="light" color="red">
        Low · {text}
      </Badge>
    </Tooltip>
  );
}
