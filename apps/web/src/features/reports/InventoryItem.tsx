/** Inventory Item Report: what each location holds of each variant, with its value at cost; adjust an item's stock from its row. */
import { useState } from 'react';
import { Button } from '@mantine/core';
import type { ReportRow } from '@qm/contracts';
import { usePermissions } from '../../lib/session';
import { refreshReport } from '../../ui/report/api';
import { ReportView } from '../../ui/report/ReportView';
import { AdjustStockDialog } from '../inventory/parts/AdjustStockDialog';

export default function InventoryItemScreen() {
  const mayAdjust = usePermissions().includes('inventory.write');
  const [adjusting, setAdjusting] = useState<ReportRow | null>(null);
  return (
    <>
      <ReportView
        name="inventory-item"
        description="What each location holds of each variant, valued at its average cost."
        rowActions={
          mayAdjust
            ? (row) => (
                <Button size="compact-xs" variant="subtle" onClick={() => setAdjusting(row)}>
                  Adjust stock<span className="qm-sr-only"> of {String(row.sku)} at {String(row.location)}</span>
                </Button>
              )
            : undefined
        }
      />
      {adjusting ? (
        <AdjustStockDialog
          variantId={Number(adjusting.variant_id)}
          variantLabel={`${String(adjusting.sku)} — ${String(adjusting.product ?? '')}`}
          locationId={Number(adjusting.location_id)}
          onHand={Number(adjusting.on_hand)}
          onClose={() => setAdjusting(null)}
          onDone={() => void refreshReport('inventory-item')}
        />
      ) : null}
    </>
  );
}
