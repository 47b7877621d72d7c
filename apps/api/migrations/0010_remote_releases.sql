-- Which remote releases users load and the errors they hit, for the release statistics page
-- (docs/releases.md). Global, not a store's data: one row per release and user, counted up,
-- so the table grows with releases × users, never with page loads.
CREATE TABLE remote_release_stats (
  release text NOT NULL,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  remote text NOT NULL,
  loads integer NOT NULL DEFAULT 0,
  errors integer NOT NULL DEFAULT 0,
  last_error text,
  first_seen timestamptz NOT NULL DEFAULT now(),
  last_seen timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (release, user_id)
);
