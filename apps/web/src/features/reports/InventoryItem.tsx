/** Inventory Item Report: what each location holds of each variant, with its value at cost. */
import { ReportView } from '../../ui/report/ReportView';

export default function InventoryItemScreen() {
  return <ReportView name="inventory-item" description="What each location holds of each variant, valued at its average cost." />;
}
