-- DEALER.md rule 20: what a business brings on day one is entered once, each as an `opening`
-- ledger entry: a shop's money due (due_delta) and the empties it owes per item
-- (empties_owed_delta), an item's stock (full_delta or stock_delta) with its unit cost
-- (unit_cost, trade_type refill or package). The kind is text like every other; no new column.
-- Entering a shop's or an item's opening locks its row and looks for an earlier opening entry
-- (a second one is refused): this index makes that look-up, and the import's, one probe.
CREATE INDEX ledger_entries_opening ON ledger_entries (store_id, shop_id, item_id) WHERE kind = 'opening';
