-- An order line carries its order's placed_at, so a SKU's orders are read newest first from the SKU's
-- index alone (the Orders list searched by SKU: the page's keys are its first entries, where the list
-- walked every order by date and tested it against the SKU's orders). Kept by the triggers below; the
-- API never writes it.
DROP INDEX "order_items_sku_idx";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "placed_at" timestamp with time zone;--> statement-breakpoint
-- the lines' own update trigger would recompute every order's totals, which the copy does not change
ALTER TABLE "order_items" DISABLE TRIGGER "qm_order_items_updated";--> statement-breakpoint
UPDATE "order_items" i SET "placed_at" = o."placed_at" FROM "orders" o WHERE o."id" = i."order_id";--> statement-breakpoint
ALTER TABLE "order_items" ENABLE TRIGGER "qm_order_items_updated";--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "placed_at" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "order_items_sku_idx" ON "order_items" USING btree (upper("sku"),"placed_at" DESC NULLS FIRST,"order_id" DESC NULLS FIRST) INCLUDE ("sku");--> statement-breakpoint
-- A line takes its order's placed_at when written (whatever the statement sent)…
CREATE FUNCTION qm_order_items_placed_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.placed_at := (SELECT o.placed_at FROM orders o WHERE o.id = NEW.order_id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER qm_order_items_placed_at BEFORE INSERT OR UPDATE OF order_id, placed_at ON "order_items" FOR EACH ROW EXECUTE FUNCTION qm_order_items_placed_at();--> statement-breakpoint
-- …and follows it when the order's changes.
CREATE FUNCTION qm_orders_placed_at_to_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_items SET placed_at = NEW.placed_at WHERE order_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER qm_orders_placed_at_to_items AFTER UPDATE OF placed_at ON "orders" FOR EACH ROW WHEN (OLD.placed_at IS DISTINCT FROM NEW.placed_at) EXECUTE FUNCTION qm_orders_placed_at_to_items();
