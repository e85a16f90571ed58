-- An order's Activity lists the entries of its routes and vendor orders beside its own: found by the order
-- they name (after, or before for a deletion), newest first.
CREATE INDEX "audit_logs_order_idx" ON "audit_logs" USING btree ((coalesce("after" ->> 'order_id', "before" ->> 'order_id')),"id") WHERE "audit_logs"."entity" in ('order_route', 'vendor_order');