/** Active use cases with fewer products in stock than their target, and which of their products are out of stock. */
import { ReportView } from '../../ui/report/ReportView';

export default function LowMerchandisingUseCaseScreen() {
  return <ReportView name="merchandising-low-use-case" description="Active use cases with fewer products in stock than their target, and which of their products are out of stock." />;
}
