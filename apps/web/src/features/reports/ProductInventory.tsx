/** Per variant: on hand, on order, sales per day over the last 30 and 90 days, days of cover and value at average cost. */
import { ReportView } from '../../ui/report/ReportView';

export default function ProductInventoryScreen() {
  return <ReportView name="product-inventory" description="Per variant: on hand, on order, sales per day over the last 30 and 90 days, days of cover and value at average cost." />;
}
