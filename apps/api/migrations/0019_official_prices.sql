-- DEALER.md rule 13: the official BERC price book. Each entry is a month's figures as entered
-- (BERC's price per kg and its 12 kg price) and each size's official price (filled from them,
-- corrected where need be), in force from starts_at. Entries are never changed: the price in
-- force at an instant is the latest entry starting at or before it (of two with the same start,
-- the later entered, by seq).
CREATE TABLE official_prices (
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  seq bigint GENERATED ALWAYS AS IDENTITY,
  starts_at timestamptz NOT NULL,
  per_kg numeric(12, 2) NOT NULL CHECK (per_kg > 0),
  twelve_kg numeric(12, 2) NOT NULL CHECK (twelve_kg > 0),
  user_id uuid NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT app_now(),
  PRIMARY KEY (store_id, id)
);
CREATE INDEX official_prices_in_force ON official_prices (store_id, starts_at DESC, seq DESC);

-- Each size's official price in an entry.
CREATE TABLE official_price_sizes (
  store_id uuid NOT NULL,
  official_price_id uuid NOT NULL,
  size integer NOT NULL CHECK (size > 0),
  price numeric(12, 2) NOT NULL CHECK (price > 0),
  PRIMARY KEY (store_id, official_price_id, size),
  FOREIGN KEY (store_id, official_price_id) REFERENCES official_prices (store_id, id) ON DELETE CASCADE
);

ALTER TABLE official_prices ENABLE ROW LEVEL SECURITY;
CREATE POLICY store_scope ON official_prices TO mojud_app
  USING (store_id = app_store_id()) WITH CHECK (store_id = app_store_id());
ALTER TABLE official_price_sizes ENABLE ROW LEVEL SECURITY;
CREATE POLICY store_scope ON official_price_sizes TO mojud_app
  USING (store_id = app_store_id()) WITH CHECK (store_id = app_store_id());

-- What a walk-in refill above the official price does: warn (a reason is required) or refuse.
-- Managers and up choose.
ALTER TABLE stores ADD COLUMN official_price_policy text NOT NULL DEFAULT 'warn'
  CHECK (official_price_policy IN ('warn', 'refuse'));

-- A sale line keeps the official price in force when it was sold (a walk-in refill of a size
-- with one), and the seller's reason when it was above it: a later entry never changes them.
ALTER TABLE ledger_entries ADD COLUMN official_price numeric(12, 2);
ALTER TABLE ledger_entries ADD COLUMN above_official_reason text;
