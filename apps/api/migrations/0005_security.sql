-- A second layer of store isolation, in the database itself.
--
-- During a request the API's queries run as the role `mojud_app` (SET ROLE on the pooled
-- connection; see src/db/client.ts), with the request's store and user in two settings:
--   app.store_id  the store named by the route ('' when the route has none)
--   app.user_id   the signed-in user ('' on public routes)
-- Row-level security on every store-owned table then limits that role to the request's store,
-- so a query that forgets its `store_id = …` filter still sees and changes nothing of another
-- store. Requests without a store (login, the store list, the user's own invitations, accepting
-- one, creating a store) get exactly the rows they need, keyed by app.user_id.
--
-- Migrations, the demo seed and other start-up work run as the connecting user, outside any
-- request; that user owns the tables and is not subject to these policies (superusers and
-- table owners are exempt unless FORCE is set, and mojud_app owns nothing).

-- The role is cluster-wide: create it once, tolerating a parallel migration on another database.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'mojud_app') THEN
    BEGIN
      CREATE ROLE mojud_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE NOINHERIT;
    EXCEPTION
      WHEN duplicate_object OR unique_violation THEN NULL;
      WHEN insufficient_privilege THEN
        RAISE WARNING 'cannot create role mojud_app: row-level security will not be in force for this database user';
    END;
  END IF;
  -- A non-superuser that migrates must be able to SET ROLE mojud_app.
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'mojud_app')
     AND NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user)
     AND NOT pg_has_role(current_user, 'mojud_app', 'MEMBER') THEN
    BEGIN
      EXECUTE format('GRANT mojud_app TO %I', current_user);
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE WARNING 'cannot grant mojud_app to %: row-level security will not be in force', current_user;
    END;
  END IF;
END
$$;

-- The request's store and user; NULL when not set or blank.
CREATE FUNCTION app_store_id() RETURNS uuid LANGUAGE sql STABLE PARALLEL SAFE AS
  $$ SELECT nullif(current_setting('app.store_id', true), '')::uuid $$;
CREATE FUNCTION app_user_id() RETURNS uuid LANGUAGE sql STABLE PARALLEL SAFE AS
  $$ SELECT nullif(current_setting('app.user_id', true), '')::uuid $$;

DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'mojud_app') THEN
    RETURN;
  END IF;
  GRANT USAGE ON SCHEMA public TO mojud_app;
  GRANT EXECUTE ON FUNCTION app_store_id(), app_user_id() TO mojud_app;
  -- Everything the routes use. Not app_settings (the token-signing secret): nothing in a request
  -- needs it, so not even an injected query can read it.
  GRANT SELECT, INSERT, UPDATE, DELETE ON
    users, refresh_tokens, login_failures, stores, memberships, divisions, shops, vehicles, staff,
    idempotency_keys, store_brands, cylinder_items, accessory_items, invites
    TO mojud_app;
  GRANT SELECT ON brands TO mojud_app;
  GRANT SELECT, INSERT ON outbox TO mojud_app;
  -- The ledger is append-only (the trigger refuses UPDATE and DELETE); the role cannot even try.
  GRANT SELECT, INSERT ON ledger_entries TO mojud_app;
  GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO mojud_app;
  -- Tables and sequences of later migrations are usable too; src/security/rls.test.ts fails
  -- until a new table with a store_id also has row-level security.
  ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO mojud_app;
  ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE ON SEQUENCES TO mojud_app;
END
$$;

-- Store-owned tables: the request's store only. A store-scoped route always has app.store_id.
ALTER TABLE cylinder_items ENABLE ROW LEVEL SECURITY;
CREATE POLICY store_scope ON cylinder_items TO mojud_app
  USING (store_id = app_store_id()) WITH CHECK (store_id = app_store_id());

ALTER TABLE accessory_items ENABLE ROW LEVEL SECURITY;
CREATE POLICY store_scope ON accessory_items TO mojud_app
  USING (store_id = app_store_id()) WITH CHECK (store_id = app_store_id());

ALTER TABLE store_brands ENABLE ROW LEVEL SECURITY;
CREATE POLICY store_scope ON store_brands TO mojud_app
  USING (store_id = app_store_id()) WITH CHECK (store_id = app_store_id());

ALTER TABLE shops ENABLE ROW LEVEL SECURITY;
CREATE POLICY store_scope ON shops TO mojud_app
  USING (store_id = app_store_id()) WITH CHECK (store_id = app_store_id());

ALTER TABLE vehicles ENABLE ROW LEVEL SECURITY;
CREATE POLICY store_scope ON vehicles TO mojud_app
  USING (store_id = app_store_id()) WITH CHECK (store_id = app_store_id());

ALTER TABLE staff ENABLE ROW LEVEL SECURITY;
CREATE POLICY store_scope ON staff TO mojud_app
  USING (store_id = app_store_id()) WITH CHECK (store_id = app_store_id());

ALTER TABLE ledger_entries ENABLE ROW LEVEL SECURITY;
CREATE POLICY store_scope ON ledger_entries TO mojud_app
  USING (store_id = app_store_id()) WITH CHECK (store_id = app_store_id());

ALTER TABLE idempotency_keys ENABLE ROW LEVEL SECURITY;
CREATE POLICY store_scope ON idempotency_keys TO mojud_app
  USING (store_id = app_store_id() AND user_id = app_user_id())
  WITH CHECK (store_id = app_store_id() AND user_id = app_user_id());

-- Requests without a store need a few checks across tables. They are plpgsql functions, run
-- as the migration's owner: the planner sees one opaque call instead of planning sub-queries
-- into every statement, and they are only called when no store is set.
CREATE FUNCTION app_user_sees_store(p_store uuid, p_created_by uuid) RETURNS boolean
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  RETURN p_created_by = app_user_id()
    OR EXISTS (SELECT 1 FROM memberships m WHERE m.store_id = p_store AND m.user_id = app_user_id())
    OR EXISTS (SELECT 1 FROM invites i JOIN users u ON lower(u.email) = lower(i.email)
               WHERE i.store_id = p_store AND u.id = app_user_id());
END $$;

CREATE FUNCTION app_user_invited(p_email text) RETURNS boolean
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  RETURN EXISTS (SELECT 1 FROM users u WHERE u.id = app_user_id() AND lower(u.email) = lower(p_email));
END $$;

-- May the caller join this store with this role: as the owner of a store they just created
-- (no members yet), or with the role of a pending invitation addressed to them.
CREATE FUNCTION app_user_may_join(p_store uuid, p_role text) RETURNS boolean
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF p_role = 'owner' THEN
    RETURN EXISTS (SELECT 1 FROM stores s WHERE s.id = p_store AND s.created_by = app_user_id())
      AND NOT EXISTS (SELECT 1 FROM memberships m WHERE m.store_id = p_store);
  END IF;
  RETURN EXISTS (SELECT 1 FROM invites i JOIN users u ON lower(u.email) = lower(i.email)
                 WHERE i.store_id = p_store AND i.status = 'pending' AND i.role = p_role AND u.id = app_user_id());
END $$;

CREATE FUNCTION app_user_owns_store(p_store uuid) RETURNS boolean
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  RETURN EXISTS (SELECT 1 FROM memberships m WHERE m.store_id = p_store AND m.user_id = app_user_id() AND m.role = 'owner');
END $$;

REVOKE ALL ON FUNCTION app_user_sees_store(uuid, uuid), app_user_invited(text), app_user_may_join(uuid, text),
  app_user_owns_store(uuid) FROM PUBLIC;
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'mojud_app') THEN
    GRANT EXECUTE ON FUNCTION app_user_sees_store(uuid, uuid), app_user_invited(text), app_user_may_join(uuid, text),
      app_user_owns_store(uuid) TO mojud_app;
  END IF;
END
$$;

-- Memberships: in a store's request, that store's members; otherwise only the caller's own
-- (the access check, the store list, accepting an invitation).
ALTER TABLE memberships ENABLE ROW LEVEL SECURITY;
CREATE POLICY store_scope ON memberships TO mojud_app
  USING (store_id = app_store_id() OR (app_store_id() IS NULL AND user_id = app_user_id()))
  WITH CHECK (store_id = app_store_id());
CREATE POLICY join_store ON memberships FOR INSERT TO mojud_app
  WITH CHECK (app_store_id() IS NULL AND user_id = app_user_id() AND app_user_may_join(store_id, role));

-- Invitations: a store's, in its request; otherwise those addressed to the caller's e-mail.
ALTER TABLE invites ENABLE ROW LEVEL SECURITY;
CREATE POLICY store_scope ON invites TO mojud_app
  USING (store_id = app_store_id() OR (app_store_id() IS NULL AND app_user_invited(email)))
  WITH CHECK (store_id = app_store_id() OR (app_store_id() IS NULL AND app_user_invited(email)));

-- Stores: in a store's request, that store; otherwise those the caller belongs to, created, or
-- holds an invitation to.
ALTER TABLE stores ENABLE ROW LEVEL SECURITY;
CREATE POLICY store_scope ON stores FOR SELECT TO mojud_app
  USING (id = app_store_id() OR (app_store_id() IS NULL AND app_user_sees_store(id, created_by)));
CREATE POLICY create_store ON stores FOR INSERT TO mojud_app
  WITH CHECK (app_store_id() IS NULL AND created_by = app_user_id());
CREATE POLICY change_store ON stores FOR UPDATE TO mojud_app
  USING (id = app_store_id()) WITH CHECK (id = app_store_id());

-- Areas: the store's; plus "Main", written when the store is created (before any store context).
ALTER TABLE divisions ENABLE ROW LEVEL SECURITY;
CREATE POLICY store_scope ON divisions TO mojud_app
  USING (store_id = app_store_id()) WITH CHECK (store_id = app_store_id());
CREATE POLICY first_area ON divisions FOR INSERT TO mojud_app
  WITH CHECK (app_store_id() IS NULL AND app_user_owns_store(store_id));
