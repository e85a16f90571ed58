-- Purchase order numbers (PO-<year>-<five digits>) come from one sequence, so two writers never take the same.
CREATE SEQUENCE "purchase_order_number_seq" START 100
--> statement-breakpoint
-- The two ledger rows of one transfer (out of one location, into another) share a transfer_id from here.
CREATE SEQUENCE "inventory_transfer_seq"
--> statement-breakpoint
-- The inventory ledger rule: on hand is derived from inventory_transactions. Each new ledger row
-- adds its signed quantity to its item (variant × location), creating the item on its first movement,
-- in one upsert that takes the item's row lock: concurrent movements of one item queue there, so
-- on_hand is always the sum of the item's rows, and balance_after is the item's on hand right after
-- the row. A movement taking on hand below zero breaks inventory_items_on_hand_check (the whole
-- statement fails). Receipts, returns and transfers in (with a unit cost) move the weighted average cost.
CREATE FUNCTION qm_inventory_ledger_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  item integer;
  balance integer;
  created boolean;
BEGIN
  -- The row proposed for insertion is checked before the conflict is found: it carries no negative stock.
  INSERT INTO inventory_items AS i (variant_id, location_id, on_hand, avg_cost_cents)
  VALUES (NEW.variant_id, NEW.location_id, greatest(NEW.quantity, 0), CASE WHEN NEW.quantity > 0 THEN NEW.unit_cost_cents END)
  ON CONFLICT (variant_id, location_id) DO UPDATE
     SET on_hand = i.on_hand + NEW.quantity,
         avg_cost_cents = CASE
           WHEN NEW.quantity > 0 AND NEW.unit_cost_cents IS NOT NULL AND NEW.kind IN ('receipt', 'return', 'transfer_in') THEN
             round((greatest(i.on_hand, 0)::numeric * coalesce(i.avg_cost_cents, NEW.unit_cost_cents) + NEW.quantity::numeric * NEW.unit_cost_cents)
                   / nullif(greatest(i.on_hand, 0) + NEW.quantity, 0))::integer
           ELSE coalesce(i.avg_cost_cents, CASE WHEN NEW.quantity > 0 THEN NEW.unit_cost_cents END) END,
         updated_at = now(),
         version = i.version + 1
  RETURNING id, on_hand, (xmax = 0) INTO item, balance, created;
  IF created AND NEW.quantity < 0 THEN
    RAISE EXCEPTION 'Stock cannot go below zero: nothing of variant % is on hand at location %', NEW.variant_id, NEW.location_id
      USING ERRCODE = 'check_violation';
  END IF;
  NEW.inventory_item_id := item;
  NEW.balance_after := balance;
  RETURN NEW;
END $$
--> statement-breakpoint
CREATE TRIGGER qm_inventory_ledger_apply BEFORE INSERT ON "inventory_transactions" FOR EACH ROW EXECUTE FUNCTION qm_inventory_ledger_apply()
--> statement-breakpoint
-- The ledger is append-only: a correction is a new row (an adjustment), never an edit.
CREATE FUNCTION qm_inventory_ledger_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'The inventory ledger is append-only: record a correcting movement instead' USING ERRCODE = 'check_violation';
END $$
--> statement-breakpoint
CREATE TRIGGER qm_inventory_ledger_frozen BEFORE UPDATE OR DELETE ON "inventory_transactions" FOR EACH ROW EXECUTE FUNCTION qm_inventory_ledger_frozen()
--> statement-breakpoint
-- on_hand is written only by the ledger trigger above (trigger depth > 1): a statement that sets it
-- directly (or creates an item with stock) is refused.
CREATE FUNCTION qm_inventory_on_hand_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() = 1 AND (CASE WHEN TG_OP = 'INSERT' THEN NEW.on_hand <> 0 ELSE NEW.on_hand IS DISTINCT FROM OLD.on_hand END) THEN
    RAISE EXCEPTION 'On hand is derived from the inventory ledger: record a movement instead' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$
--> statement-breakpoint
CREATE TRIGGER qm_inventory_on_hand_guard BEFORE INSERT OR UPDATE ON "inventory_items" FOR EACH ROW EXECUTE FUNCTION qm_inventory_on_hand_guard()
--> statement-breakpoint
-- A purchase order's totals follow its lines: after each statement on purchase_order_lines, the
-- orders it touched are summed again.
CREATE FUNCTION qm_purchase_order_totals(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE purchase_orders po
     SET line_count = coalesce(t.n, 0),
         ordered_cents = coalesce(t.ordered, 0),
         received_cents = coalesce(t.received, 0),
         open_cents = coalesce(t.open, 0)
    FROM (SELECT x.id, count(l.id)::integer AS n,
                 sum(l.quantity::bigint * l.unit_cost_cents) AS ordered,
                 sum(l.quantity_received::bigint * l.unit_cost_cents) AS received,
                 sum((l.quantity - l.quantity_received - l.quantity_cancelled)::bigint * l.unit_cost_cents) AS open
            FROM unnest(ids) AS x(id) LEFT JOIN purchase_order_lines l ON l.purchase_order_id = x.id
           GROUP BY x.id) t
   WHERE po.id = t.id
$$
--> statement-breakpoint
CREATE FUNCTION qm_purchase_order_lines_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT purchase_order_id) INTO ids FROM new_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(DISTINCT id) INTO ids FROM (SELECT purchase_order_id AS id FROM new_rows UNION SELECT purchase_order_id FROM old_rows) u;
  ELSE
    SELECT array_agg(DISTINCT purchase_order_id) INTO ids FROM old_rows;
  END IF;
  IF ids IS NOT NULL THEN
    PERFORM qm_purchase_order_totals(ids);
  END IF;
  RETURN NULL;
END $$
--> statement-breakpoint
CREATE TRIGGER qm_purchase_order_lines_inserted AFTER INSERT ON "purchase_order_lines" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_purchase_order_lines_changed()
--> statement-breakpoint
CREATE TRIGGER qm_purchase_order_lines_updated AFTER UPDATE ON "purchase_order_lines" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_purchase_order_lines_changed()
--> statement-breakpoint
CREATE TRIGGER qm_purchase_order_lines_deleted AFTER DELETE ON "purchase_order_lines" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION qm_purchase_order_lines_changed()
