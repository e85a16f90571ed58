/** The Merchandising Report's high-velocity drop-ship view: products selling fast that mostly ship from vendors — the ones worth stocking ourselves. */
import { ReportView } from '../../ui/report/ReportView';

const PRESET = { 'filter[view]': 'hv-ds' };

export default function MerchandisingHvDsScreen() {
  return (
    <ReportView
      name="merchandising"
      preset={PRESET}
      description="High-velocity drop-ship: products selling a unit every four days or faster whose sales mostly shipped from drop-ship vendors — the ones worth stocking in our warehouse."
    />
  );
}
