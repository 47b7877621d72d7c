-- Customer shops, delivery areas and vehicles: the tables live in 0000_core (the ledger points
-- at them); this adds the rules those areas enforce.

-- One live area name per store ("Mirpur" and " mirpur" are the same area).
CREATE UNIQUE INDEX divisions_store_name ON divisions (store_id, lower(btrim(name))) WHERE deleted_at IS NULL;

CREATE INDEX shops_store_name ON shops (store_id, lower(name)) WHERE deleted_at IS NULL;

-- A registration number is unique within a store, ignoring case and spaces
-- ("Dhaka Metro GA 11-2345" = "DHAKA METRO GA11-2345"). A deleted vehicle frees its number.
CREATE UNIQUE INDEX vehicles_store_reg ON vehicles (store_id, upper(regexp_replace(reg_number, '\s', '', 'g')))
  WHERE deleted_at IS NULL;

-- Shop history and dues read a shop's entries in order; vehicle history likewise.
CREATE INDEX ledger_shop_id ON ledger_entries (shop_id, id) WHERE shop_id IS NOT NULL;
CREATE INDEX ledger_vehicle_id ON ledger_entries (vehicle_id, id) WHERE vehicle_id IS NOT NULL;
