/** Per use case: its products, how many are in stock against its target, and their sales in the period. */
import { ReportView } from '../../ui/report/ReportView';

export default function MerchandisingUseCaseScreen() {
  return <ReportView name="merchandising-use-case" description="Per use case: its products, how many are in stock against its target, and their sales in the period." />;
}
