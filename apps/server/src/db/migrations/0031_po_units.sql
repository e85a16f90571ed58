ALTER TABLE "purchase_orders" ADD COLUMN "net_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "units" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "units_received" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "units_open" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A purchase order's units (ordered net of cancelled, received, open) and its cost net of what was
-- cancelled, beside the cents already kept: the PO Summary reads purchase orders alone, not their lines.
CREATE OR REPLACE FUNCTION qm_purchase_order_totals(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE purchase_orders po
     SET line_count = coalesce(t.n, 0),
         ordered_cents = coalesce(t.ordered, 0),
         received_cents = coalesce(t.received, 0),
         open_cents = coalesce(t.open, 0),
         net_cents = coalesce(t.net, 0),
         units = coalesce(t.units, 0),
         units_received = coalesce(t.units_received, 0),
         units_open = coalesce(t.units_open, 0)
    FROM (SELECT x.id, count(l.id)::integer AS n,
                 sum(l.quantity::bigint * l.unit_cost_cents) AS ordered,
                 sum(l.quantity_received::bigint * l.unit_cost_cents) AS received,
                 sum((l.quantity - l.quantity_received - l.quantity_cancelled)::bigint * l.unit_cost_cents) AS open,
                 sum((l.quantity - l.quantity_cancelled)::bigint * l.unit_cost_cents) AS net,
                 sum(l.quantity - l.quantity_cancelled)::bigint AS units,
                 sum(l.quantity_received)::bigint AS units_received,
                 sum(l.quantity - l.quantity_received - l.quantity_cancelled)::bigint AS units_open
            FROM unnest(ids) AS x(id) LEFT JOIN purchase_order_lines l ON l.purchase_order_id = x.id
           GROUP BY x.id) t
   WHERE po.id = t.id
$$;
--> statement-breakpoint
SELECT qm_purchase_order_totals(array(SELECT id FROM purchase_orders));
