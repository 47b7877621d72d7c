-- The dealer's money (docs/product/DEALER.md rules 1–7): two selling prices and average costs
-- on every item, buys that record what was paid, sales with lines and payments under a gapless
-- store number, and gross profit from the unit cost recorded on each sale line.

-- Rule 1: retail (the old single price, kept in `price`), wholesale (equal to retail until set)
-- and average costs. NULL cost = "cost unknown" (opening stock entered without one).
ALTER TABLE cylinder_items
  ADD COLUMN wholesale_price numeric(14, 2) NOT NULL DEFAULT 0 CHECK (wholesale_price >= 0),
  ADD COLUMN refill_cost numeric(14, 2) CHECK (refill_cost >= 0),
  ADD COLUMN package_cost numeric(14, 2) CHECK (package_cost >= 0);
ALTER TABLE accessory_items
  ADD COLUMN wholesale_price numeric(14, 2) NOT NULL DEFAULT 0 CHECK (wholesale_price >= 0),
  ADD COLUMN cost numeric(14, 2) CHECK (cost >= 0);
COMMENT ON COLUMN cylinder_items.price IS 'retail price';
COMMENT ON COLUMN accessory_items.price IS 'retail price';

-- Today's data: the old single price becomes both tiers; past buys give the first costs (what
-- was paid over all buys of that kind ÷ the units bought).
UPDATE cylinder_items SET wholesale_price = price;
UPDATE accessory_items SET wholesale_price = price;
UPDATE cylinder_items c SET
  refill_cost = b.refill_cost,
  package_cost = b.package_cost
FROM (
  SELECT item_id,
    round(sum(total_amount) FILTER (WHERE trade_type = 'refill') / nullif(sum(quantity) FILTER (WHERE trade_type = 'refill'), 0), 2) AS refill_cost,
    round(sum(total_amount) FILTER (WHERE trade_type = 'package') / nullif(sum(quantity) FILTER (WHERE trade_type = 'package'), 0), 2) AS package_cost
  FROM ledger_entries WHERE kind = 'buy' AND item_type = 'cylinder' AND quantity > 0
  GROUP BY item_id
) b
WHERE b.item_id = c.id;
UPDATE accessory_items a SET cost = b.cost
FROM (
  SELECT item_id, round(sum(total_amount) / nullif(sum(quantity), 0), 2) AS cost
  FROM ledger_entries WHERE kind = 'buy' AND item_type IN ('stove', 'regulator') AND quantity > 0
  GROUP BY item_id
) b
WHERE b.item_id = a.id;

-- Rule 3: a shop buys at wholesale unless set to retail.
ALTER TABLE shops ADD COLUMN price_tier text NOT NULL DEFAULT 'wholesale' CHECK (price_tier IN ('retail', 'wholesale'));
-- Store-owned tables reference a shop by (store_id, id), so a sale can never name another store's shop.
CREATE UNIQUE INDEX IF NOT EXISTS shops_store_id_id ON shops (store_id, id);

-- Rule 5: the sale header. Its lines, payments, returns and refunds are ledger entries carrying
-- sale_id; the header holds what the receipt needs beside them. Only the void stamp ever changes.
CREATE TABLE sales (
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  number integer NOT NULL CHECK (number > 0),
  shop_id uuid,
  tier text NOT NULL CHECK (tier IN ('retail', 'wholesale')),
  subtotal numeric(14, 2) NOT NULL CHECK (subtotal >= 0),
  discount numeric(14, 2) NOT NULL DEFAULT 0 CHECK (discount >= 0 AND discount <= subtotal),
  total numeric(14, 2) NOT NULL CHECK (total = subtotal - discount),
  paid numeric(14, 2) NOT NULL CHECK (paid >= 0),
  -- total − paid; negative is an advance. Only a shop may owe.
  due numeric(14, 2) NOT NULL CHECK (due = total - paid),
  shop_balance_before numeric(14, 2),
  note text,
  user_id uuid NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  voided_at timestamptz,
  voided_by uuid REFERENCES users(id),
  PRIMARY KEY (store_id, id),
  UNIQUE (store_id, number),
  FOREIGN KEY (store_id, shop_id) REFERENCES shops (store_id, id),
  CHECK (shop_id IS NOT NULL OR due = 0),
  CHECK ((shop_id IS NULL) = (shop_balance_before IS NULL))
);
CREATE INDEX sales_store_created ON sales (store_id, created_at);
CREATE INDEX sales_store_shop ON sales (store_id, shop_id, number) WHERE shop_id IS NOT NULL;

-- The last sale number given per store. Taken as the last write of a sale's transaction, so a
-- sale that fails gives its number back and the numbers have no gaps.
CREATE TABLE sale_counters (
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  last_number integer NOT NULL,
  PRIMARY KEY (store_id)
);

-- Ledger: rules 2–4 and 7. unit_cost on sale lines (and their returns) is the average cost at
-- that moment, so a past sale's profit never changes; discount is how far below the tier price
-- a line went (plus its share of a whole-sale discount); reverses_id names the line a return
-- takes back; supplier is who sold to the store on a buy (the challan number goes in ref).
ALTER TABLE ledger_entries
  ADD COLUMN unit_cost numeric(14, 2),
  ADD COLUMN discount numeric(14, 2) NOT NULL DEFAULT 0,
  ADD COLUMN sale_id uuid,
  ADD COLUMN line_no smallint,
  ADD COLUMN reverses_id bigint,
  ADD COLUMN supplier text;
-- Lines are written before the header, which takes the sale number as the transaction's last write.
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_sale_fk FOREIGN KEY (store_id, sale_id)
  REFERENCES sales (store_id, id) DEFERRABLE INITIALLY DEFERRED;
CREATE INDEX ledger_sale ON ledger_entries (store_id, sale_id, id) WHERE sale_id IS NOT NULL;

-- Daily totals gain gross profit. The days already totalled are summed again when next needed
-- (they are derived from the append-only ledger, so nothing is lost).
ALTER TABLE ledger_daily
  ADD COLUMN gross_profit numeric(16, 2) NOT NULL DEFAULT 0,
  ADD COLUMN cost_unknown_lines integer NOT NULL DEFAULT 0,
  ADD COLUMN cost_unknown_sales numeric(16, 2) NOT NULL DEFAULT 0;
DELETE FROM ledger_daily;
DELETE FROM ledger_rollup_state;

ALTER TABLE sales ENABLE ROW LEVEL SECURITY;
CREATE POLICY store_scope ON sales TO mojud_app
  USING (store_id = app_store_id()) WITH CHECK (store_id = app_store_id());
ALTER TABLE sale_counters ENABLE ROW LEVEL SECURITY;
CREATE POLICY store_scope ON sale_counters TO mojud_app
  USING (store_id = app_store_id()) WITH CHECK (store_id = app_store_id());

-- The dashboard names what was sold at unknown cost in the period: a short index of just those lines.
CREATE INDEX ledger_cost_unknown ON ledger_entries (store_id, created_at) WHERE kind = 'sell' AND unit_cost IS NULL;
