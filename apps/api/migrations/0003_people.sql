-- People: invitations to a store and the outbox of e-mails not sent through SMTP.
-- Staff (employees) live in 0000_core's `staff`; their salary payments are ledger entries.
CREATE TABLE invites (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  email text NOT NULL,
  role text NOT NULL CHECK (role IN ('admin', 'manager', 'staff')),
  -- SHA-256 of the token in the e-mailed link; the token itself is never stored.
  token_hash text NOT NULL UNIQUE,
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'accepted', 'declined', 'revoked', 'replaced')),
  invited_by uuid NOT NULL REFERENCES users(id),
  accepted_by uuid REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  responded_at timestamptz
);
-- At most one pending invitation per store and e-mail: a new one replaces it.
CREATE UNIQUE INDEX invites_one_pending ON invites (store_id, lower(email)) WHERE status = 'pending';
CREATE INDEX invites_email ON invites (lower(email));

CREATE TABLE outbox (
  id bigserial PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  link text,
  created_at timestamptz NOT NULL DEFAULT now()
);
