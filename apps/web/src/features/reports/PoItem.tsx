/** Every purchase order line with what was received and what is still open. */
import { ReportView } from '../../ui/report/ReportView';

export default function PoItemScreen() {
  return <ReportView name="po-item" description="Every purchase order line with what was received and what is still open." />;
}
