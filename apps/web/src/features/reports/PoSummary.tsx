/** Purchase orders by vendor, entity or month. */
import { ReportView } from '../../ui/report/ReportView';

export default function PoSummaryScreen() {
  return <ReportView name="po-summary" description="Purchase orders by vendor, entity or month. Cancelled orders are left out unless chosen by status." />;
}
