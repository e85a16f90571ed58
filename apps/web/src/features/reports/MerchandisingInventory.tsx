/** Stock per use case, brand or category: products in and out of stock, units on hand, value at cost, the last 30 days' sales and days of cover. */
import { ReportView } from '../../ui/report/ReportView';

export default function MerchandisingInventoryScreen() {
  return <ReportView name="merchandising-inventory" description="Stock per use case, brand or category: products in and out of stock, units on hand, value at cost, the last 30 days' sales and days of cover." />;
}
