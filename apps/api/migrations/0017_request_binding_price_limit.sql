-- An Idempotency-Key binds the request it was first used for: a hash of its method, route,
-- parameters and canonical body. A replay with another request under the same key is refused
-- (422 idempotency.keyReused) instead of answering the first request's result. Rows written
-- before this column existed have no hash and are compared by route alone.
ALTER TABLE idempotency_keys ADD COLUMN request_hash text;

-- DEALER.md rule 14: how far below the tier price a staff member may sell, in whole percent of
-- the tier price, set by the owner or an admin. 0 (the default): not at all. Managers and up
-- may sell at any price; a line at price 0 needs a manager whatever the limit.
ALTER TABLE stores ADD COLUMN staff_below_tier_percent smallint NOT NULL DEFAULT 0
  CHECK (staff_below_tier_percent BETWEEN 0 AND 99);
