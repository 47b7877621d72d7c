-- Every taka in its place (DEALER.md rules 15–20): money sits in accounts (the cash drawer, each
-- mobile wallet, each bank account), every entry that moves money names its account and carries
-- its signed amount (money_delta), so an account's balance is the sum of its entries. Suppliers
-- are records a buy and a payment name; the drawer is closed once a day against a count.

-- Rule 15. `family` is the spec's payment method the account answers to: a client that sends
-- `mobile` pays into the store's default wallet. A null name is shown by its kind or provider
-- ("Cash drawer", "bKash") in the reader's language.
CREATE TABLE money_accounts (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('cash', 'wallet', 'bank', 'other')),
  family text GENERATED ALWAYS AS (CASE kind WHEN 'wallet' THEN 'mobile' ELSE kind END) STORED,
  provider text CHECK (provider IN ('bkash', 'nagad', 'rocket', 'upay')),
  wallet_type text CHECK (wallet_type IN ('personal', 'merchant')),
  number text,
  name text,
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT app_now(),
  archived_at timestamptz,
  CHECK ((kind = 'wallet') = (provider IS NOT NULL)),
  CHECK (kind = 'wallet' OR wallet_type IS NULL),
  CHECK (NOT (is_default AND archived_at IS NOT NULL)),
  -- Keyed by store first, like every store-owned table (rows of one store stay together).
  PRIMARY KEY (store_id, id)
);
-- One default account per family: where the spec's payment methods land.
CREATE UNIQUE INDEX money_accounts_default ON money_accounts (store_id, family) WHERE is_default;

-- Rule 19: the companies and others the dealer buys from.
CREATE TABLE suppliers (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  name text NOT NULL,
  phone text,
  address text,
  created_at timestamptz NOT NULL DEFAULT app_now(),
  deleted_at timestamptz,
  PRIMARY KEY (store_id, id)
);
CREATE UNIQUE INDEX suppliers_store_name ON suppliers (store_id, lower(btrim(name))) WHERE deleted_at IS NULL;

-- Rule 17: one close per Dhaka day; the difference is a cash_shortage or cash_excess entry.
CREATE TABLE drawer_closes (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  account_id uuid NOT NULL,
  day date NOT NULL,
  opening numeric(14, 2) NOT NULL,
  cash_in numeric(14, 2) NOT NULL,
  cash_out numeric(14, 2) NOT NULL,
  expected numeric(14, 2) NOT NULL,
  counted numeric(14, 2) NOT NULL CHECK (counted >= 0),
  difference numeric(14, 2) NOT NULL CHECK (difference = counted - expected),
  note text,
  user_id uuid NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT app_now(),
  FOREIGN KEY (store_id, account_id) REFERENCES money_accounts (store_id, id),
  UNIQUE (store_id, account_id, day),
  PRIMARY KEY (store_id, id)
);

ALTER TABLE ledger_entries
  ADD COLUMN account_id uuid,
  -- Money into (+) or out of (−) account_id.
  ADD COLUMN money_delta numeric(14, 2) NOT NULL DEFAULT 0,
  ADD COLUMN supplier_id uuid,
  ADD CONSTRAINT ledger_account FOREIGN KEY (store_id, account_id) REFERENCES money_accounts (store_id, id),
  ADD CONSTRAINT ledger_supplier FOREIGN KEY (store_id, supplier_id) REFERENCES suppliers (store_id, id),
  ADD CONSTRAINT ledger_money_has_account CHECK (money_delta = 0 OR account_id IS NOT NULL);
CREATE INDEX ledger_account_entries ON ledger_entries (store_id, account_id, created_at) WHERE account_id IS NOT NULL;
CREATE INDEX ledger_supplier_entries ON ledger_entries (store_id, supplier_id, id) WHERE supplier_id IS NOT NULL;

-- The family's default account, made the first time it is needed (a store starts with none).
CREATE FUNCTION default_account(p_store uuid, p_family text) RETURNS uuid LANGUAGE plpgsql AS $$
DECLARE
  found uuid;
BEGIN
  SELECT id INTO found FROM money_accounts WHERE store_id = p_store AND family = p_family AND is_default;
  IF found IS NOT NULL THEN
    RETURN found;
  END IF;
  INSERT INTO money_accounts (store_id, kind, provider, wallet_type, is_default)
  VALUES (p_store, CASE p_family WHEN 'mobile' THEN 'wallet' ELSE p_family END,
    CASE p_family WHEN 'mobile' THEN 'bkash' END, CASE p_family WHEN 'mobile' THEN 'personal' END, true)
  ON CONFLICT (store_id, family) WHERE is_default DO NOTHING;
  SELECT id INTO found FROM money_accounts WHERE store_id = p_store AND family = p_family AND is_default;
  RETURN found;
END;
$$;

-- Which way an entry moves money when its writer did not say: the table is the domain's
-- MONEY_DIRECTION (libs/domain/src/accounts.ts); apps/api/src/accounts/money-rules.test.ts holds
-- the two equal for every kind and method. A method of `due` moves no money (it is owed).
CREATE FUNCTION ledger_money_delta(p_kind text, p_method text, p_total numeric) RETURNS numeric
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN p_method = 'due' THEN 0
    WHEN p_kind = 'sell' THEN CASE WHEN p_method IS NULL THEN 0 ELSE p_total END
    WHEN p_kind IN ('due_payment', 'sale_payment', 'cash_excess') THEN p_total
    WHEN p_kind IN ('buy', 'empties_bought', 'vehicle_cost', 'salary_payment', 'sale_refund', 'cash_shortage',
      'expense', 'supplier_payment') THEN -p_total
    ELSE 0
  END
$$;

-- A writer that names neither account nor amount (every route written before accounts, and the
-- spec's routes) gets the rule's amount in its method's default account; cash when it names none.
CREATE FUNCTION ledger_money_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.account_id IS NULL AND NEW.money_delta = 0 THEN
    NEW.money_delta := ledger_money_delta(NEW.kind, NEW.payment_method, NEW.total_amount);
  END IF;
  IF NEW.account_id IS NULL AND NEW.money_delta <> 0 THEN
    NEW.account_id := default_account(NEW.store_id, coalesce(NULLIF(NEW.payment_method, 'due'), 'cash'));
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER ledger_money_fill BEFORE INSERT ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_money_fill();

-- Entries written before accounts: the same rule, once. The ledger refuses edits, so its guard
-- steps aside for this one fill of two new columns.
ALTER TABLE ledger_entries DISABLE TRIGGER ledger_no_update;
UPDATE ledger_entries SET money_delta = ledger_money_delta(kind, payment_method, total_amount)
  WHERE ledger_money_delta(kind, payment_method, total_amount) <> 0;
UPDATE ledger_entries SET account_id = default_account(store_id, coalesce(NULLIF(payment_method, 'due'), 'cash'))
  WHERE money_delta <> 0;
ALTER TABLE ledger_entries ENABLE TRIGGER ledger_no_update;

-- Money in and out are now read from money_delta (moves between accounts are neither): the
-- closed days are summed again when next needed.
DELETE FROM ledger_daily;
DELETE FROM ledger_rollup_state;

ALTER TABLE money_accounts ENABLE ROW LEVEL SECURITY;
CREATE POLICY store_scope ON money_accounts TO mojud_app
  USING (store_id = app_store_id()) WITH CHECK (store_id = app_store_id());
ALTER TABLE suppliers ENABLE ROW LEVEL SECURITY;
CREATE POLICY store_scope ON suppliers TO mojud_app
  USING (store_id = app_store_id()) WITH CHECK (store_id = app_store_id());
ALTER TABLE drawer_closes ENABLE ROW LEVEL SECURITY;
CREATE POLICY store_scope ON drawer_closes TO mojud_app
  USING (store_id = app_store_id()) WITH CHECK (store_id = app_store_id());
