/** Vendor orders by source, status or month. */
import { ReportView } from '../../ui/report/ReportView';

export default function VendorOrderScreen() {
  return (
    <ReportView
      name="vendor-order"
      description="Vendor orders (drop-ship vendors and our warehouses) by source, status or month: items, fees, shipping and how many are late. Cancelled ones are left out unless chosen by status."
    />
  );
}
