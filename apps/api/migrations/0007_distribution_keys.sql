-- Several API processes on one database, and a schema ready to be distributed by store
-- (docs/operations.md, "A distributed PostgreSQL"; docs/decisions.md, "Distribution keys").
--
-- The rules a distributed PostgreSQL (Citus) needs to spread tables by store_id and keep a
-- store's rows on one node; src/db/distribution.test.ts reads the catalog and enforces them:
-- 1. every store-owned table (one with a store_id column) has store_id in its primary key
--    and in every unique constraint and unique index;
-- 2. a foreign key between store-owned tables includes store_id on both sides;
-- 3. tables without store_id (users, sessions, the brand catalogue) are reference tables:
--    store-owned tables may point at them, never the other way round.

-- Rule 2 first: the foreign keys that name a row by its id alone go, so the keys they
-- depend on can change.
ALTER TABLE shops DROP CONSTRAINT shops_division_id_fkey;
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_staff_id_fkey;
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_shop_id_fkey;
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_vehicle_id_fkey;

-- Rule 1: (store_id, id) keys. Every query already names the store, so these serve them.
ALTER TABLE divisions DROP CONSTRAINT divisions_pkey, ADD PRIMARY KEY (store_id, id);
ALTER TABLE shops DROP CONSTRAINT shops_pkey, ADD PRIMARY KEY (store_id, id);
ALTER TABLE vehicles DROP CONSTRAINT vehicles_pkey, ADD PRIMARY KEY (store_id, id);
ALTER TABLE staff DROP CONSTRAINT staff_pkey, ADD PRIMARY KEY (store_id, id);
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_pkey, ADD PRIMARY KEY (store_id, id);
ALTER TABLE cylinder_items DROP CONSTRAINT cylinder_items_pkey, ADD PRIMARY KEY (store_id, id);
ALTER TABLE accessory_items DROP CONSTRAINT accessory_items_pkey, ADD PRIMARY KEY (store_id, id);
ALTER TABLE invites DROP CONSTRAINT invites_pkey, ADD PRIMARY KEY (store_id, id);
-- An invitation is opened by its token alone (the link names no store): the token's
-- uniqueness moves under the store (32 random bytes never collide anyway) and a plain index
-- keeps the lookup fast. On a distributed database that rare lookup asks every node.
ALTER TABLE invites DROP CONSTRAINT invites_token_hash_key, ADD CONSTRAINT invites_store_token_hash_key UNIQUE (store_id, token_hash);
CREATE INDEX invites_token_hash ON invites (token_hash);

ALTER TABLE shops ADD CONSTRAINT shops_division_fkey
  FOREIGN KEY (store_id, division_id) REFERENCES divisions (store_id, id);
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_staff_fkey
  FOREIGN KEY (store_id, staff_id) REFERENCES staff (store_id, id);
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_shop_fkey
  FOREIGN KEY (store_id, shop_id) REFERENCES shops (store_id, id);
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_vehicle_fkey
  FOREIGN KEY (store_id, vehicle_id) REFERENCES vehicles (store_id, id);

-- Per-IP sign-in limits shared by every API process when no Redis is configured
-- (plugins/rate-limit-store.ts). A global table: keys are client addresses, not store data.
CREATE TABLE rate_limit_hits (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  expires_at timestamptz NOT NULL
);

-- The e-mail outbox is delivered by the job queue (src/jobs): a row is written in the
-- transaction that makes the e-mail necessary, and marked once delivered.
ALTER TABLE outbox ADD COLUMN sent_at timestamptz;
CREATE INDEX outbox_unsent ON outbox (id) WHERE sent_at IS NULL;

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'mojud_app') THEN
    GRANT SELECT, INSERT, UPDATE, DELETE ON rate_limit_hits TO mojud_app;
  END IF;
END
$$;
