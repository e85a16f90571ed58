/** The inventory ledger: every movement of stock. */
import { ReportView } from '../../ui/report/ReportView';

export default function InventoryTransactionScreen() {
  return <ReportView name="inventory-transaction" description="The inventory ledger: every movement of stock. The last 30 days unless chosen otherwise." />;
}
