-- Getting paid (DEALER.md rule 22): a payment request carries the store's wallet number or its
-- Bangla QR, the amount and a reference (a sale's number or the shop's code); money that arrives
-- (a wallet's "money received" SMS, pasted or forwarded, or a merchant API's notification) is
-- matched to a shop and recorded once, keyed by the wallet's transaction id.

-- The store's Bangla QR: the merchant-presented payload (EMVCo) its bank or wallet issued,
-- checked (structure and CRC) before it is kept. Null: the store has none.
ALTER TABLE stores ADD COLUMN bangla_qr text;

-- A shop's short code, the reference a shop types when it pays its due (C-0042): the store's
-- own sequence. Existing shops are numbered by age.
ALTER TABLE shops ADD COLUMN code_number integer CHECK (code_number > 0);
UPDATE shops s SET code_number = n.rn
  FROM (SELECT id, row_number() OVER (PARTITION BY store_id ORDER BY created_at, id) AS rn FROM shops) n
 WHERE n.id = s.id;
ALTER TABLE shops ALTER COLUMN code_number SET NOT NULL;
CREATE UNIQUE INDEX shops_store_code ON shops (store_id, code_number);
-- A new shop takes the store's next number; shops of one store are added one at a time.
CREATE FUNCTION next_shop_code() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.code_number IS NULL THEN
    PERFORM pg_advisory_xact_lock(hashtextextended('shop_code:' || NEW.store_id::text, 0));
    SELECT coalesce(max(code_number), 0) + 1 INTO NEW.code_number FROM shops WHERE store_id = NEW.store_id;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER shops_code BEFORE INSERT ON shops FOR EACH ROW EXECUTE FUNCTION next_shop_code();

-- Money that arrived in one of the store's wallets, as read from its SMS or its provider's API.
-- (provider, trx_id) is unique per store: the same SMS pasted twice, or a notification delivered
-- twice, is one row and at most one payment.
CREATE TABLE incoming_payments (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('bkash', 'nagad', 'rocket', 'upay')),
  trx_id text NOT NULL CHECK (length(trx_id) BETWEEN 4 AND 40),
  -- Where it came from: pasted on the payments page, forwarded by SMS, or a merchant API.
  source text NOT NULL CHECK (source IN ('pasted', 'forwarded', 'api')),
  amount numeric(14, 2) NOT NULL CHECK (amount > 0),
  -- The payer's wallet number (01XXXXXXXXX), when the message names it.
  sender text,
  -- What the payer typed as the reference (a sale's number or a shop's code), when given.
  reference text,
  -- When the provider says the money arrived (null: it did not say).
  paid_at timestamptz,
  -- The message as received (for an SMS) or the provider's answer (for an API), for the record.
  raw text NOT NULL,
  -- The wallet account it landed in.
  account_id uuid NOT NULL,
  status text NOT NULL CHECK (status IN ('recorded', 'unmatched', 'dismissed')),
  -- Why it waits (unmatched) or why it was put aside (dismissed).
  reason text,
  -- The shops it could be (two or more: it waits for a person to choose).
  candidate_shop_ids uuid[] NOT NULL DEFAULT '{}',
  shop_id uuid,
  -- The due payment it became (ledger ids are numbers).
  ledger_entry_id bigint,
  -- How it was matched: by reference, by the sender's number, or by hand.
  matched_by text CHECK (matched_by IN ('reference', 'phone', 'hand')),
  created_by uuid REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT app_now(),
  settled_by uuid REFERENCES users(id),
  settled_at timestamptz,
  CHECK ((status = 'recorded') = (ledger_entry_id IS NOT NULL)),
  CHECK (status <> 'recorded' OR shop_id IS NOT NULL),
  PRIMARY KEY (store_id, id),
  FOREIGN KEY (store_id, account_id) REFERENCES money_accounts (store_id, id),
  FOREIGN KEY (store_id, shop_id) REFERENCES shops (store_id, id),
  UNIQUE (store_id, provider, trx_id)
);
CREATE INDEX incoming_payments_waiting ON incoming_payments (store_id, status, created_at DESC);

-- A store's merchant API (bKash tokenized checkout first): its base URL and credentials, for one
-- wallet account. The secrets are sealed by the API with its key before they are stored.
CREATE TABLE payment_gateways (
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('bkash')),
  account_id uuid NOT NULL,
  base_url text NOT NULL,
  -- app key, app secret, username, password: sealed JSON.
  credentials text NOT NULL,
  -- The random token in the notification address, so a notification names its store.
  notify_token_hash text NOT NULL,
  updated_by uuid REFERENCES users(id),
  updated_at timestamptz NOT NULL DEFAULT app_now(),
  PRIMARY KEY (store_id, provider),
  FOREIGN KEY (store_id, account_id) REFERENCES money_accounts (store_id, id)
);
-- Not unique: on a distributed database a unique key must hold store_id (see 0007); the token is
-- 32 random bytes, as statement links' are.
CREATE INDEX payment_gateways_notify ON payment_gateways (notify_token_hash);

ALTER TABLE incoming_payments ENABLE ROW LEVEL SECURITY;
CREATE POLICY store_scope ON incoming_payments TO mojud_app
  USING (store_id = app_store_id()) WITH CHECK (store_id = app_store_id());
ALTER TABLE payment_gateways ENABLE ROW LEVEL SECURITY;
CREATE POLICY store_scope ON payment_gateways TO mojud_app
  USING (store_id = app_store_id()) WITH CHECK (store_id = app_store_id());

-- A request that has no store yet (a forwarded SMS names only the phone that forwarded it; a
-- notification only its token): which store and wallet account it belongs to. Run as the
-- migration's owner. The oldest account wins when two stores share a wallet number.
CREATE FUNCTION find_wallet_by_number(p_number text, p_provider text)
  RETURNS TABLE (store_id uuid, account_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT a.store_id, a.id FROM money_accounts a
   WHERE a.kind = 'wallet' AND a.archived_at IS NULL AND a.number = p_number
     AND (p_provider IS NULL OR a.provider = p_provider)
   ORDER BY a.created_at, a.id LIMIT 1
$$;
CREATE FUNCTION find_payment_gateway(p_hash text)
  RETURNS TABLE (store_id uuid, provider text)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT g.store_id, g.provider FROM payment_gateways g WHERE g.notify_token_hash = p_hash
$$;
REVOKE ALL ON FUNCTION find_wallet_by_number(text, text), find_payment_gateway(text) FROM PUBLIC;
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'mojud_app') THEN
    GRANT EXECUTE ON FUNCTION find_wallet_by_number(text, text), find_payment_gateway(text) TO mojud_app;
  END IF;
END
$$;
