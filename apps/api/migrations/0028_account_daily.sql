-- The money picture (DEALER.md rules 15, 16, 23) at a million entries: each account's closed
-- days summed once, like ledger_daily, so an account's opening and closing balances and its
-- money in and out read days, not entries. Rolled up with ledger_daily (same rolled_through).
CREATE TABLE account_daily (
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  account_id uuid NOT NULL,
  day date NOT NULL,
  money_in numeric(16, 2) NOT NULL,
  money_out numeric(16, 2) NOT NULL,
  moved_in numeric(16, 2) NOT NULL,
  moved_out numeric(16, 2) NOT NULL,
  PRIMARY KEY (store_id, account_id, day)
);

ALTER TABLE account_daily ENABLE ROW LEVEL SECURITY;
CREATE POLICY store_scope ON account_daily TO mojud_app
  USING (store_id = app_store_id()) WITH CHECK (store_id = app_store_id());

-- What the store owes its suppliers, by day, beside what shops owe it (due_delta).
ALTER TABLE ledger_daily ADD COLUMN payable_delta numeric(16, 2) NOT NULL DEFAULT 0;

-- Both are filled from the start when next needed.
DELETE FROM ledger_daily;
DELETE FROM ledger_rollup_state;
