-- Invitations by secret and verified addresses. An invitation used to be bound only to an
-- e-mail address nobody had verified: anyone who set that address on their account could take
-- it. Now an address counts only once its owner opened a link sent to it, and a changed address
-- waits in pending_email until then. Existing accounts start unverified: they verify by the
-- link the profile page offers to send.
ALTER TABLE users ADD COLUMN email_verified_at timestamptz;
ALTER TABLE users ADD COLUMN pending_email text;

-- One-time links sent by e-mail: verifying an address, resetting a password. Only the token's
-- SHA-256 is kept; `email` is the address the link was sent to (for a change, the new one).
CREATE TABLE email_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('verify_email', 'reset_password')),
  email text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT app_now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX email_tokens_user ON email_tokens (user_id, purpose);

-- Row-level security said the same as the API did: an invitation was the caller's when its
-- address equalled the account's. Now the address must be verified, or the request must carry
-- the invitation's token (its hash, in `app.invite_token`, set by the API for a request that
-- presents the link).
CREATE FUNCTION app_invite_token() RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS
  $$ SELECT nullif(current_setting('app.invite_token', true), '') $$;

CREATE OR REPLACE FUNCTION app_user_invited(p_email text) RETURNS boolean
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  RETURN EXISTS (SELECT 1 FROM users u WHERE u.id = app_user_id() AND u.email_verified_at IS NOT NULL
                 AND lower(u.email) = lower(p_email));
END $$;

CREATE OR REPLACE FUNCTION app_user_sees_store(p_store uuid, p_created_by uuid) RETURNS boolean
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  RETURN p_created_by = app_user_id()
    OR EXISTS (SELECT 1 FROM memberships m WHERE m.store_id = p_store AND m.user_id = app_user_id())
    OR EXISTS (SELECT 1 FROM invites i WHERE i.store_id = p_store
               AND (i.token_hash = app_invite_token() OR app_user_invited(i.email)));
END $$;

CREATE OR REPLACE FUNCTION app_user_may_join(p_store uuid, p_role text) RETURNS boolean
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF p_role = 'owner' THEN
    RETURN EXISTS (SELECT 1 FROM stores s WHERE s.id = p_store AND s.created_by = app_user_id())
      AND NOT EXISTS (SELECT 1 FROM memberships m WHERE m.store_id = p_store);
  END IF;
  RETURN EXISTS (SELECT 1 FROM invites i
                 WHERE i.store_id = p_store AND i.status = 'pending' AND i.role = p_role
                   AND (i.token_hash = app_invite_token() OR app_user_invited(i.email)));
END $$;

DROP POLICY store_scope ON invites;
CREATE POLICY store_scope ON invites TO mojud_app
  USING (store_id = app_store_id()
         OR (app_store_id() IS NULL AND (token_hash = app_invite_token() OR app_user_invited(email))))
  WITH CHECK (store_id = app_store_id()
         OR (app_store_id() IS NULL AND (token_hash = app_invite_token() OR app_user_invited(email))));
