-- Messages to customer shops (receipts, due reminders, statement links) and to the owner
-- (low stock, the evening summary); statement links; reorder levels (docs/decisions.md,
-- "Messages").

-- A shop's messages are in its language, Bangla unless set otherwise.
ALTER TABLE shops ADD COLUMN language text NOT NULL DEFAULT 'bn' CHECK (language IN ('bn', 'en'));
-- Mobile numbers in one form, +8801XXXXXXXXX, whichever way they were typed. Other numbers
-- (a landline) stay as they were: no message goes to them, and editing the shop asks for a mobile.
UPDATE shops SET phone = '+88' || substring(regexp_replace(phone, '[[:space:]().-]', '', 'g') FROM '(01[3-9][0-9]{8})$')
  WHERE regexp_replace(phone, '[[:space:]().-]', '', 'g') ~ '^(\+?88)?01[3-9][0-9]{8}$';

-- Below this many (full cylinders, or stoves/regulators in stock) an item is on the "to order"
-- list. NULL: no level.
ALTER TABLE cylinder_items ADD COLUMN reorder_level integer CHECK (reorder_level >= 0);
ALTER TABLE accessory_items ADD COLUMN reorder_level integer CHECK (reorder_level >= 0);

-- What the owner chose. No row: the defaults below.
CREATE TABLE message_settings (
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  sale_receipt boolean NOT NULL DEFAULT true,
  payment_receipt boolean NOT NULL DEFAULT true,
  due_reminders boolean NOT NULL DEFAULT false,
  -- 0 = Sunday … 6 = Saturday.
  reminder_days smallint[] NOT NULL DEFAULT '{6}',
  reminder_hour smallint NOT NULL DEFAULT 10 CHECK (reminder_hour BETWEEN 8 AND 21),
  reminder_min_due numeric(14, 2) NOT NULL DEFAULT 1000 CHECK (reminder_min_due >= 0),
  monthly_cap integer NOT NULL DEFAULT 500 CHECK (monthly_cap >= 0),
  channel text NOT NULL DEFAULT 'sms' CHECK (channel IN ('sms', 'whatsapp')),
  link_days smallint NOT NULL DEFAULT 30 CHECK (link_days > 0),
  owner_alerts text NOT NULL DEFAULT 'email' CHECK (owner_alerts IN ('off', 'sms', 'email')),
  owner_phone text CHECK (owner_phone ~ '^\+8801[3-9][0-9]{8}$'),
  owner_language text NOT NULL DEFAULT 'bn' CHECK (owner_language IN ('bn', 'en')),
  low_stock_alerts boolean NOT NULL DEFAULT true,
  daily_summary boolean NOT NULL DEFAULT false,
  summary_hour smallint NOT NULL DEFAULT 21 CHECK (summary_hour BETWEEN 16 AND 23),
  -- The store's own texts, {"<kind>": {"bn": "…", "en": "…"}}; a missing one is the catalogue's.
  templates jsonb NOT NULL DEFAULT '{}',
  -- The Dhaka day the scheduled reminders and the summary last went out (each at most once a day).
  last_reminder_on date,
  last_summary_on date,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (store_id)
);

-- Messages made per store and Dhaka month, against the monthly cap. One conditional upsert
-- per message: two sales at once cannot both take the last one.
CREATE TABLE message_counters (
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  month date NOT NULL,
  used integer NOT NULL CHECK (used >= 0),
  PRIMARY KEY (store_id, month)
);

-- The SMS/WhatsApp outbox: a row is written in the transaction that makes the message
-- necessary (a sale, a payment, a reminder run) and sent by the job queue, which locks the row
-- while it sends (src/jobs/queue.ts), so a message is never sent twice.
CREATE TABLE message_outbox (
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  id bigserial NOT NULL,
  kind text NOT NULL CHECK (kind IN ('sale_receipt', 'payment_receipt', 'due_reminder', 'statement_link', 'low_stock', 'daily_summary')),
  channel text NOT NULL CHECK (channel IN ('sms', 'whatsapp')),
  to_number text NOT NULL CHECK (to_number ~ '^\+8801[3-9][0-9]{8}$'),
  shop_id uuid,
  sale_id uuid,
  ledger_entry_id bigint,
  language text NOT NULL CHECK (language IN ('bn', 'en')),
  text text NOT NULL,
  -- The values the text was made from: a WhatsApp template message sends them as parameters.
  template_values jsonb NOT NULL DEFAULT '{}',
  segments smallint NOT NULL CHECK (segments > 0),
  encoding text NOT NULL CHECK (encoding IN ('gsm7', 'ucs2')),
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'delivered', 'failed', 'capped')),
  gateway text,
  gateway_message_id text,
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  -- Not sent before this (a reminder made between midnight and 8:00 waits until 8:00, BTRC).
  not_before timestamptz,
  -- One message per key: a sale's receipt, a shop's scheduled reminder on a day.
  dedupe_key text,
  created_by uuid REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  delivered_at timestamptz,
  PRIMARY KEY (store_id, id),
  FOREIGN KEY (store_id, shop_id) REFERENCES shops (store_id, id),
  FOREIGN KEY (store_id, sale_id) REFERENCES sales (store_id, id)
);
CREATE UNIQUE INDEX message_outbox_dedupe ON message_outbox (store_id, dedupe_key) WHERE dedupe_key IS NOT NULL;
CREATE INDEX message_outbox_store ON message_outbox (store_id, id DESC);
CREATE INDEX message_outbox_waiting ON message_outbox (created_at) WHERE status = 'queued';
CREATE INDEX message_outbox_sale ON message_outbox (store_id, sale_id) WHERE sale_id IS NOT NULL;
-- Delivery reports name the gateway's id only.
CREATE INDEX message_outbox_gateway_id ON message_outbox (gateway, gateway_message_id) WHERE gateway_message_id IS NOT NULL;

-- What the local capture gateway received (used when no gateway is configured, and by the
-- tests): the stand-in for a phone. Not a store's table and not readable by requests.
CREATE TABLE message_capture (
  id bigserial PRIMARY KEY,
  reference text NOT NULL,
  channel text NOT NULL,
  to_number text NOT NULL,
  text text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX message_capture_reference ON message_capture (reference);

-- A customer's statement by link: the token (72 random bits, in the link) is kept only as its
-- SHA-256. Opened without signing in, by the token alone (so the lookup asks every node on a
-- distributed database, like an invitation).
CREATE TABLE statement_links (
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  shop_id uuid NOT NULL,
  token_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoked_by uuid REFERENCES users(id),
  created_by uuid REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_opened_at timestamptz,
  open_count integer NOT NULL DEFAULT 0,
  PRIMARY KEY (store_id, id),
  UNIQUE (store_id, token_hash),
  FOREIGN KEY (store_id, shop_id) REFERENCES shops (store_id, id)
);
CREATE INDEX statement_links_token ON statement_links (token_hash);
CREATE INDEX statement_links_shop ON statement_links (store_id, shop_id, created_at DESC);

-- An item whose count went below its reorder level, once per item and Dhaka day. Written by
-- the triggers below, whatever moved the stock (a sale, a problem mark, a count); a job turns
-- each row into the owner's alert and marks it handled.
CREATE TABLE stock_alerts (
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  id bigserial NOT NULL,
  item_type text NOT NULL CHECK (item_type IN ('cylinder', 'stove', 'regulator')),
  item_id uuid NOT NULL,
  day date NOT NULL,
  count integer NOT NULL,
  level integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  handled_at timestamptz,
  PRIMARY KEY (store_id, id),
  UNIQUE (store_id, item_type, item_id, day)
);
CREATE INDEX stock_alerts_unhandled ON stock_alerts (store_id, id) WHERE handled_at IS NULL;

CREATE FUNCTION note_cylinder_below_level() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stock_alerts (store_id, item_type, item_id, day, count, level)
  VALUES (NEW.store_id, 'cylinder', NEW.id, (now() AT TIME ZONE 'Asia/Dhaka')::date, NEW.full_count, NEW.reorder_level)
  ON CONFLICT (store_id, item_type, item_id, day) DO NOTHING;
  RETURN NULL;
END $$;
CREATE FUNCTION note_accessory_below_level() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stock_alerts (store_id, item_type, item_id, day, count, level)
  VALUES (NEW.store_id, NEW.kind, NEW.id, (now() AT TIME ZONE 'Asia/Dhaka')::date, NEW.stock_count, NEW.reorder_level)
  ON CONFLICT (store_id, item_type, item_id, day) DO NOTHING;
  RETURN NULL;
END $$;
-- Only a count crossing the level fires (the WHEN is checked without calling the function):
-- setting a level above the count puts the item on the list, but is not news to alert about.
CREATE TRIGGER cylinder_below_level AFTER UPDATE OF full_count ON cylinder_items FOR EACH ROW
  WHEN (NEW.reorder_level IS NOT NULL AND NEW.full_count < NEW.reorder_level AND OLD.full_count >= NEW.reorder_level)
  EXECUTE FUNCTION note_cylinder_below_level();
CREATE TRIGGER accessory_below_level AFTER UPDATE OF stock_count ON accessory_items FOR EACH ROW
  WHEN (NEW.reorder_level IS NOT NULL AND NEW.stock_count < NEW.reorder_level AND OLD.stock_count >= NEW.reorder_level)
  EXECUTE FUNCTION note_accessory_below_level();

-- Opening a statement link, for a request that has no store yet: the link's store, shop and
-- expiry if it is live (counted as opened), nothing otherwise. Run as the migration's owner.
CREATE FUNCTION open_statement_link(p_hash text)
  RETURNS TABLE (store_id uuid, link_id uuid, shop_id uuid, expires_at timestamptz)
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  RETURN QUERY
    UPDATE statement_links l SET last_opened_at = now(), open_count = l.open_count + 1
     WHERE l.token_hash = p_hash AND l.revoked_at IS NULL AND l.expires_at > now()
    RETURNING l.store_id, l.id, l.shop_id, l.expires_at;
END $$;

-- A gateway's delivery report names only its own message id. A message goes from sent to
-- delivered or failed, never back.
CREATE FUNCTION apply_delivery_report(p_gateway text, p_message_id text, p_status text, p_error text)
  RETURNS integer
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  n integer;
BEGIN
  IF p_status NOT IN ('delivered', 'failed') THEN
    RETURN 0;
  END IF;
  UPDATE message_outbox
     SET status = p_status,
         delivered_at = CASE WHEN p_status = 'delivered' THEN now() END,
         last_error = CASE WHEN p_status = 'failed' THEN left(p_error, 300) ELSE last_error END
   WHERE gateway = p_gateway AND gateway_message_id = p_message_id AND status = 'sent';
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN n;
END $$;

REVOKE ALL ON FUNCTION open_statement_link(text), apply_delivery_report(text, text, text, text) FROM PUBLIC;

ALTER TABLE message_settings ENABLE ROW LEVEL SECURITY;
CREATE POLICY store_scope ON message_settings TO mojud_app
  USING (store_id = app_store_id()) WITH CHECK (store_id = app_store_id());
ALTER TABLE message_counters ENABLE ROW LEVEL SECURITY;
CREATE POLICY store_scope ON message_counters TO mojud_app
  USING (store_id = app_store_id()) WITH CHECK (store_id = app_store_id());
ALTER TABLE message_outbox ENABLE ROW LEVEL SECURITY;
CREATE POLICY store_scope ON message_outbox TO mojud_app
  USING (store_id = app_store_id()) WITH CHECK (store_id = app_store_id());
ALTER TABLE statement_links ENABLE ROW LEVEL SECURITY;
CREATE POLICY store_scope ON statement_links TO mojud_app
  USING (store_id = app_store_id()) WITH CHECK (store_id = app_store_id());
ALTER TABLE stock_alerts ENABLE ROW LEVEL SECURITY;
CREATE POLICY store_scope ON stock_alerts TO mojud_app
  USING (store_id = app_store_id()) WITH CHECK (store_id = app_store_id());

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'mojud_app') THEN
    GRANT EXECUTE ON FUNCTION open_statement_link(text), apply_delivery_report(text, text, text, text) TO mojud_app;
    -- What a phone would have received is for the capture page's job, not for requests.
    REVOKE ALL ON message_capture FROM mojud_app;
  END IF;
END
$$;
