-- Cylinders that go out and come back (docs/product/DEALER.md rules 8–11): the empties a shop
-- hands in with each refill and the empties it still owes, vehicles as stock locations (loads,
-- sales from a vehicle, the day close with its cash check), and the driver a vehicle is given to.

-- Rule 10: the member who drives a vehicle may load it and close its day (a manager always may).
-- users is a reference table (not store-owned); the handler checks the user is still a member.
ALTER TABLE vehicles ADD COLUMN assigned_user_id uuid REFERENCES users(id);

-- What each vehicle carries now. Like the store's counts, these only ever change together with a
-- ledger entry (the entry's vehicle_*_delta columns, with vehicle_id naming the vehicle).
-- item_id names a cylinder item or a stove/regulator by item_type, as ledger entries do.
CREATE TABLE vehicle_stock (
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  vehicle_id uuid NOT NULL,
  item_type text NOT NULL CHECK (item_type IN ('cylinder', 'stove', 'regulator')),
  item_id uuid NOT NULL,
  full_count integer NOT NULL DEFAULT 0 CHECK (full_count >= 0),
  empty_count integer NOT NULL DEFAULT 0 CHECK (empty_count >= 0),
  stock_count integer NOT NULL DEFAULT 0 CHECK (stock_count >= 0),
  PRIMARY KEY (store_id, vehicle_id, item_id),
  FOREIGN KEY (store_id, vehicle_id) REFERENCES vehicles (store_id, id),
  CHECK (item_type = 'cylinder' OR (full_count = 0 AND empty_count = 0)),
  CHECK (item_type <> 'cylinder' OR stock_count = 0)
);

-- A day close ends a vehicle's round: the vehicle's ledger entries with
-- after_entry_id < id <= last_entry_id. Every movement on a vehicle holds a share lock on the
-- vehicle row until it commits and the close takes it exclusively, so no entry of the round can
-- commit after the close has read it. Written once; never changed.
CREATE TABLE vehicle_closes (
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  vehicle_id uuid NOT NULL,
  after_entry_id bigint NOT NULL,
  last_entry_id bigint NOT NULL,
  -- The Dhaka day of the close.
  day date NOT NULL,
  -- Cash the round's sales should have brought (cash paid on them, less cash handed back).
  cash_expected numeric(14, 2) NOT NULL,
  cash_handed numeric(14, 2) NOT NULL CHECK (cash_handed >= 0),
  -- handed − expected: below zero a shortage, above an excess (each also a ledger entry).
  difference numeric(14, 2) NOT NULL,
  note text,
  user_id uuid NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (store_id, id),
  FOREIGN KEY (store_id, vehicle_id) REFERENCES vehicles (store_id, id),
  UNIQUE (store_id, vehicle_id, last_entry_id),
  CHECK (last_entry_id > after_entry_id),
  CHECK (difference = cash_handed - cash_expected)
);
CREATE INDEX vehicle_closes_vehicle ON vehicle_closes (store_id, vehicle_id, last_entry_id DESC);

-- A sale made from a vehicle takes the vehicle's stock; its payments are the cash the driver holds.
ALTER TABLE sales ADD COLUMN vehicle_id uuid;
ALTER TABLE sales ADD CONSTRAINT sales_vehicle_fk FOREIGN KEY (store_id, vehicle_id) REFERENCES vehicles (store_id, id);

-- The ledger: count deltas on the vehicle named by vehicle_id (beside the store's full/empty/
-- problem/stock deltas), and the change of empties a shop owes of the entry's cylinder item.
ALTER TABLE ledger_entries
  ADD COLUMN vehicle_full_delta integer NOT NULL DEFAULT 0,
  ADD COLUMN vehicle_empty_delta integer NOT NULL DEFAULT 0,
  ADD COLUMN vehicle_stock_delta integer NOT NULL DEFAULT 0,
  ADD COLUMN empties_owed_delta integer NOT NULL DEFAULT 0;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_vehicle_deltas CHECK (
  (vehicle_full_delta = 0 AND vehicle_empty_delta = 0 AND vehicle_stock_delta = 0) OR vehicle_id IS NOT NULL);
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_empties_owed CHECK (
  empties_owed_delta = 0 OR (shop_id IS NOT NULL AND item_type = 'cylinder'));

-- What each shop owes, per item: read on every shop card and the empties-out list.
CREATE INDEX ledger_empties_owed ON ledger_entries (store_id, shop_id, item_id) WHERE empties_owed_delta <> 0;
-- A vehicle's round, by entry id.
CREATE INDEX ledger_store_vehicle ON ledger_entries (store_id, vehicle_id, id) WHERE vehicle_id IS NOT NULL;

ALTER TABLE vehicle_stock ENABLE ROW LEVEL SECURITY;
CREATE POLICY store_scope ON vehicle_stock TO mojud_app
  USING (store_id = app_store_id()) WITH CHECK (store_id = app_store_id());
ALTER TABLE vehicle_closes ENABLE ROW LEVEL SECURITY;
CREATE POLICY store_scope ON vehicle_closes TO mojud_app
  USING (store_id = app_store_id()) WITH CHECK (store_id = app_store_id());
