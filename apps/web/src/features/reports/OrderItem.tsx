/** Every order line with its price, cost, margin and routed source. */
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { ReportView } from '../../ui/report/ReportView';

export default function OrderItemScreen() {
  return (
    <ReportView
      name="order-item"
      description="Every order line: price after discounts and cancellations, the route's cost of its items, margin and where it ships from."
      cells={{
        number: (r) => (
          <Anchor component={Link} to={`/order/${String(r.order_id)}`} size="sm">
            {String(r.number)}
          </Anchor>
        ),
      }}
    />
  );
}
