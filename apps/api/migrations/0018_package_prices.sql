-- DEALER.md rule 12: a refill (gas only) and a package (gas and a new shell) are different goods.
-- A cylinder item's `price` and `wholesale_price` stay its refill prices; the package has a retail
-- and a wholesale price of its own. Items that exist get none (NULL): their owners set them, and
-- until then a package sale of the item is refused (it never falls back to the refill price).
-- Both are set or neither.
ALTER TABLE cylinder_items
  ADD COLUMN package_price numeric(14, 2) CHECK (package_price >= 0),
  ADD COLUMN package_wholesale_price numeric(14, 2) CHECK (package_wholesale_price >= 0),
  ADD CONSTRAINT cylinder_items_package_prices_both CHECK ((package_price IS NULL) = (package_wholesale_price IS NULL));
