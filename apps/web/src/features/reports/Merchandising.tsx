/** Per product sold in the period: units, revenue, margin, how much shipped from drop-ship vendors, stock and days of cover. */
import { ReportView } from '../../ui/report/ReportView';

export default function MerchandisingScreen() {
  return <ReportView name="merchandising" description="Per product sold in the period: units, revenue, margin, how much shipped from drop-ship vendors, stock and days of cover." />;
}
