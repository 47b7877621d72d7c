-- Transfers between stores (DEALER.md rule 21): stock sent from one store to another of the same
-- person's stores: sent → in transit → received (or cancelled, which puts it back). A transfer
-- belongs to the store that sends it (store_id), like every store-owned row, and names the store
-- it goes to (to_store_id, no foreign key: on a distributed database stores live apart, see 0007).
-- While a transfer is `sent`, its lines' sent counts are the stock "in transit": out of the
-- sender's counts (a transfer_out entry) and not yet in the receiver's (transfer_in on receipt).
CREATE TABLE store_transfers (
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  -- The sending store's own sequence: T-0001, T-0002, …
  number integer NOT NULL CHECK (number > 0),
  to_store_id uuid NOT NULL,
  status text NOT NULL DEFAULT 'sent' CHECK (status IN ('sent', 'received', 'cancelled')),
  note text,
  sent_by uuid NOT NULL REFERENCES users(id),
  sent_at timestamptz NOT NULL DEFAULT app_now(),
  -- Who received or cancelled it, and when.
  closed_by uuid REFERENCES users(id),
  closed_at timestamptz,
  -- Why fewer arrived than were sent (needed when any were lost in transit).
  lost_note text,
  CHECK (store_id <> to_store_id),
  CHECK ((status = 'sent') = (closed_at IS NULL)),
  PRIMARY KEY (store_id, id),
  UNIQUE (store_id, number)
);
-- The receiving store's list (what is coming, what came).
CREATE INDEX store_transfers_incoming ON store_transfers (to_store_id, status, sent_at);
CREATE INDEX store_transfers_outgoing ON store_transfers (store_id, status, sent_at);

-- One line per item: its id in each store (the same brand, size and valve, or the same
-- stove/regulator name), what was sent and, once received, what arrived. Costs are the sending
-- store's averages when it was sent (null: cost unknown there).
CREATE TABLE store_transfer_lines (
  store_id uuid NOT NULL,
  transfer_id uuid NOT NULL,
  line_no smallint NOT NULL CHECK (line_no >= 0),
  to_store_id uuid NOT NULL,
  item_type text NOT NULL CHECK (item_type IN ('cylinder', 'stove', 'regulator')),
  item_id uuid NOT NULL,
  to_item_id uuid NOT NULL,
  full_sent integer NOT NULL DEFAULT 0 CHECK (full_sent >= 0),
  empty_sent integer NOT NULL DEFAULT 0 CHECK (empty_sent >= 0),
  problem_sent integer NOT NULL DEFAULT 0 CHECK (problem_sent >= 0),
  stock_sent integer NOT NULL DEFAULT 0 CHECK (stock_sent >= 0),
  full_received integer CHECK (full_received BETWEEN 0 AND full_sent),
  empty_received integer CHECK (empty_received BETWEEN 0 AND empty_sent),
  problem_received integer CHECK (problem_received BETWEEN 0 AND problem_sent),
  stock_received integer CHECK (stock_received BETWEEN 0 AND stock_sent),
  unit_cost numeric(14, 2) CHECK (unit_cost >= 0),
  package_cost numeric(14, 2) CHECK (package_cost >= 0),
  CHECK (full_sent + empty_sent + problem_sent + stock_sent > 0),
  CHECK (item_type = 'cylinder' OR (full_sent = 0 AND empty_sent = 0)),
  CHECK (item_type <> 'cylinder' OR stock_sent = 0),
  PRIMARY KEY (store_id, transfer_id, line_no),
  FOREIGN KEY (store_id, transfer_id) REFERENCES store_transfers (store_id, id) ON DELETE CASCADE
);
CREATE INDEX store_transfer_lines_incoming ON store_transfer_lines (to_store_id, transfer_id);

-- The ledger entries a transfer writes in either store name it.
ALTER TABLE ledger_entries ADD COLUMN transfer_id uuid;
CREATE INDEX ledger_entries_transfer ON ledger_entries (store_id, transfer_id) WHERE transfer_id IS NOT NULL;

-- Both stores of a transfer see it: the sender owns it, the receiver reads it and records what
-- arrived. Writing into the other store's counts is done in that store's scope.
ALTER TABLE store_transfers ENABLE ROW LEVEL SECURITY;
ALTER TABLE store_transfer_lines ENABLE ROW LEVEL SECURITY;
CREATE POLICY store_scope ON store_transfers TO mojud_app
  USING (store_id = app_store_id() OR to_store_id = app_store_id())
  WITH CHECK (store_id = app_store_id() OR to_store_id = app_store_id());
CREATE POLICY store_scope ON store_transfer_lines TO mojud_app
  USING (store_id = app_store_id() OR to_store_id = app_store_id())
  WITH CHECK (store_id = app_store_id() OR to_store_id = app_store_id());
