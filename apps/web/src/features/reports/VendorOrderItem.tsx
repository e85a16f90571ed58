/** Every line of the vendor orders. */
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { ReportView } from '../../ui/report/ReportView';

export default function VendorOrderItemScreen() {
  return (
    <ReportView
      name="vendor-order-item"
      description="Every line of the vendor orders with its order, quantity and cost."
      cells={{
        vendor_order: (r) => (
          <Anchor component={Link} to={`/vendor-order/${String(r.vendor_order_id)}`} size="sm">
            {String(r.vendor_order)}
          </Anchor>
        ),
        order_number: (r) => (
          <Anchor component={Link} to={`/order/${String(r.order_id)}`} size="sm">
            {String(r.order_number)}
          </Anchor>
        ),
      }}
    />
  );
}
