-- An order's detail lists all its resolution cases, resolved ones too: found by the order, not by a
-- scan of every case (the other indexes hold open cases only, or order them by date).
CREATE INDEX IF NOT EXISTS "order_resolution_cases_order_idx" ON "order_resolution_cases" ("order_id");
