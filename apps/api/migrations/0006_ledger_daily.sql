-- Daily totals of each store's ledger, for the dashboard and history totals at a million
-- entries. A day in Asia/Dhaka that has ended is final: entries take now() as their time and
-- the ledger is append-only, so a finished day's totals never change. They are computed once,
-- when first needed, and the current day is always summed live from ledger_entries.
CREATE TABLE ledger_daily (
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  day date NOT NULL,
  entries integer NOT NULL,
  sales numeric(16, 2) NOT NULL,
  expenses numeric(16, 2) NOT NULL,
  money_in numeric(16, 2) NOT NULL,
  money_out numeric(16, 2) NOT NULL,
  due_delta numeric(16, 2) NOT NULL,
  PRIMARY KEY (store_id, day)
);

-- The last day whose totals are in ledger_daily (days without entries have no row).
CREATE TABLE ledger_rollup_state (
  store_id uuid PRIMARY KEY REFERENCES stores(id) ON DELETE CASCADE,
  rolled_through date NOT NULL
);

ALTER TABLE ledger_daily ENABLE ROW LEVEL SECURITY;
CREATE POLICY store_scope ON ledger_daily TO mojud_app
  USING (store_id = app_store_id()) WITH CHECK (store_id = app_store_id());
ALTER TABLE ledger_rollup_state ENABLE ROW LEVEL SECURITY;
CREATE POLICY store_scope ON ledger_rollup_state TO mojud_app
  USING (store_id = app_store_id()) WITH CHECK (store_id = app_store_id());
