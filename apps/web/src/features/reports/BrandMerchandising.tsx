/** Per brand: its products in the catalogue, how many are in stock and sold, and the period's sales with their share. */
import { ReportView } from '../../ui/report/ReportView';

export default function BrandMerchandisingScreen() {
  return <ReportView name="merchandising-brand" description="Per brand: its products in the catalogue, how many are in stock and sold, and the period's sales with their share." />;
}
