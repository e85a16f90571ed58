/** Revenue, cost and margin per order, store or month. */
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { ReportView } from '../../ui/report/ReportView';

export default function OrderMarginScreen() {
  return (
    <ReportView
      name="order-margin"
      description="Revenue (goods and shipping charged, without tax), the route's cost and the margin of routed orders. Cancelled and refunded orders are left out unless chosen by status."
      cells={{
        number: (r) => (
          <Anchor component={Link} to={`/order/${String(r.id)}`} size="sm">
            {String(r.number)}
          </Anchor>
        ),
      }}
    />
  );
}
