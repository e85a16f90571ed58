/** Per category, one level at a time (choose one to see its subcategories): products, in stock, sold, and the period's sales with their share. */
import { ReportView } from '../../ui/report/ReportView';

export default function CategoryMerchandisingScreen() {
  return <ReportView name="merchandising-category" description="Per category, one level at a time (choose one to see its subcategories): products, in stock, sold, and the period's sales with their share." />;
}
