-- The shop's clock in SQL. app_now() is now() plus the offset the API sends on each connection
-- (`mojud.clock_offset`, milliseconds; unset or 0 in production), so a test that sets the API's
-- clock (src/clock.ts) moves what the database calls "now" with it: defaults, "today in Dhaka",
-- quiet hours and expiries agree on one time.
CREATE FUNCTION app_now() RETURNS timestamptz LANGUAGE sql STABLE PARALLEL SAFE AS
  $$ SELECT now() + coalesce(nullif(current_setting('mojud.clock_offset', true), '')::bigint, 0) * interval '1 millisecond' $$;

-- Every "DEFAULT now()" becomes "DEFAULT app_now()".
DO $$
DECLARE
  c record;
BEGIN
  FOR c IN
    SELECT col.table_name, col.column_name
      FROM information_schema.columns col
     WHERE col.table_schema = 'public' AND col.column_default = 'now()'
  LOOP
    EXECUTE format('ALTER TABLE %I ALTER COLUMN %I SET DEFAULT app_now()', c.table_name, c.column_name);
  END LOOP;
END
$$;

CREATE OR REPLACE FUNCTION note_cylinder_below_level() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stock_alerts (store_id, item_type, item_id, day, count, level)
  VALUES (NEW.store_id, 'cylinder', NEW.id, (app_now() AT TIME ZONE 'Asia/Dhaka')::date, NEW.full_count, NEW.reorder_level)
  ON CONFLICT (store_id, item_type, item_id, day) DO NOTHING;
  RETURN NULL;
END $$;
CREATE OR REPLACE FUNCTION note_accessory_below_level() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stock_alerts (store_id, item_type, item_id, day, count, level)
  VALUES (NEW.store_id, NEW.kind, NEW.id, (app_now() AT TIME ZONE 'Asia/Dhaka')::date, NEW.stock_count, NEW.reorder_level)
  ON CONFLICT (store_id, item_type, item_id, day) DO NOTHING;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION open_statement_link(p_hash text)
  RETURNS TABLE (store_id uuid, link_id uuid, shop_id uuid, expires_at timestamptz)
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  RETURN QUERY
    UPDATE statement_links l SET last_opened_at = app_now(), open_count = l.open_count + 1
     WHERE l.token_hash = p_hash AND l.revoked_at IS NULL AND l.expires_at > app_now()
    RETURNING l.store_id, l.id, l.shop_id, l.expires_at;
END $$;

CREATE OR REPLACE FUNCTION apply_delivery_report(p_gateway text, p_message_id text, p_status text, p_error text)
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
         delivered_at = CASE WHEN p_status = 'delivered' THEN app_now() END,
         last_error = CASE WHEN p_status = 'failed' THEN left(p_error, 300) ELSE last_error END
   WHERE gateway = p_gateway AND gateway_message_id = p_message_id AND status = 'sent';
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN n;
END $$;
