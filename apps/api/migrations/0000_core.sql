-- Core: people, stores, sessions, the shared ledger and idempotency records.
CREATE TABLE app_settings (
  key text PRIMARY KEY,
  value text NOT NULL
);

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  username text NOT NULL,
  email text NOT NULL,
  password_hash text NOT NULL,
  first_name text,
  last_name text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_username_lower ON users (lower(username));
CREATE UNIQUE INDEX users_email_lower ON users (lower(email));

-- Refresh tokens, stored as SHA-256 hashes. A family is one sign-in; rotation adds a child.
CREATE TABLE refresh_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  family_id uuid NOT NULL,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  rotated_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_user ON refresh_tokens (user_id);

-- Failed sign-ins per identifier (lower-cased e-mail or username, existing or not, so the
-- answer never tells whether an account exists), counted across every IP.
CREATE TABLE login_failures (
  id bigserial PRIMARY KEY,
  identifier text NOT NULL,
  ip text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_identifier_at ON login_failures (identifier, at);

CREATE TABLE stores (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  location text NOT NULL,
  phone text NOT NULL,
  image text,
  created_by uuid NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);

CREATE TABLE memberships (
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('owner', 'admin', 'manager', 'staff')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (store_id, user_id)
);
CREATE INDEX memberships_user ON memberships (user_id);
-- Exactly one owner per store.
CREATE UNIQUE INDEX memberships_one_owner ON memberships (store_id) WHERE role = 'owner';

-- Delivery areas ("divisions") of a store; every store starts with "Main".
CREATE TABLE divisions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX divisions_store ON divisions (store_id);

-- The things of a store that ledger entries point at. Each area extends its own table in its
-- own migration; they live here so the ledger can reference them. Deletes are soft: history stays.
CREATE TABLE shops (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  division_id uuid NOT NULL REFERENCES divisions(id),
  name text NOT NULL,
  contact_name text,
  phone text,
  address text,
  image text,
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX shops_store ON shops (store_id, division_id);

CREATE TABLE vehicles (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  reg_number text NOT NULL,
  vehicle_brand text NOT NULL,
  vehicle_model text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX vehicles_store ON vehicles (store_id);

CREATE TABLE staff (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  name text NOT NULL,
  role text,
  phone text,
  salary numeric(14, 2) NOT NULL DEFAULT 15000,
  image text,
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX staff_store ON staff (store_id);

-- The immutable ledger: one row per change of stock or money. Counts are deltas; money is
-- NUMERIC (never a binary float). Corrections are new reversing rows, never edits.
CREATE TABLE ledger_entries (
  id bigserial PRIMARY KEY,
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  kind text NOT NULL,
  item_type text CHECK (item_type IN ('cylinder', 'stove', 'regulator')),
  item_id uuid,
  trade_type text CHECK (trade_type IN ('refill', 'package')),
  quantity integer,
  full_delta integer NOT NULL DEFAULT 0,
  empty_delta integer NOT NULL DEFAULT 0,
  problem_delta integer NOT NULL DEFAULT 0,
  stock_delta integer NOT NULL DEFAULT 0,
  unit_price numeric(14, 2),
  total_amount numeric(14, 2) NOT NULL DEFAULT 0 CHECK (total_amount >= 0),
  payment_method text CHECK (payment_method IN ('cash', 'bank', 'mobile', 'due', 'other')),
  -- Money the store is owed by a shop (+) or that a shop paid off (-).
  due_delta numeric(14, 2) NOT NULL DEFAULT 0,
  -- Money the store owes its suppliers (+ when buying on due).
  payable_delta numeric(14, 2) NOT NULL DEFAULT 0,
  shop_id uuid REFERENCES shops(id),
  vehicle_id uuid REFERENCES vehicles(id),
  staff_id uuid REFERENCES staff(id),
  category text,
  ref text,
  note text,
  month text,
  user_id uuid NOT NULL REFERENCES users(id),
  idempotency_key text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_store_id ON ledger_entries (store_id, id DESC);
CREATE INDEX ledger_store_created ON ledger_entries (store_id, created_at);
CREATE INDEX ledger_item ON ledger_entries (item_id) WHERE item_id IS NOT NULL;
CREATE INDEX ledger_shop ON ledger_entries (shop_id) WHERE shop_id IS NOT NULL;
CREATE INDEX ledger_vehicle ON ledger_entries (vehicle_id) WHERE vehicle_id IS NOT NULL;
CREATE INDEX ledger_staff ON ledger_entries (staff_id) WHERE staff_id IS NOT NULL;

CREATE FUNCTION ledger_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries are immutable; write a reversing entry instead';
END;
$$;
CREATE TRIGGER ledger_no_update BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_is_append_only();

-- First result of every POST sent with an Idempotency-Key, replayed on retries.
CREATE TABLE idempotency_keys (
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  key text NOT NULL,
  route text NOT NULL,
  status_code integer,
  response jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (store_id, user_id, key)
);
