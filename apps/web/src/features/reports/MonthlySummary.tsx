/** Revenue, cost, fees, shipping, margin, orders and units by month and store. */
import { ReportView } from '../../ui/report/ReportView';

export default function MonthlySummaryScreen() {
  return (
    <ReportView
      name="monthly-summary"
      description="Orders (not cancelled or refunded) by month and store. Revenue is goods and shipping charged, without tax; cost, fees, shipping and margin count routed orders."
    />
  );
}
