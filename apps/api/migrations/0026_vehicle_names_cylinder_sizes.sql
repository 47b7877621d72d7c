-- A van can be added with just a name (issue 29): brand, model and registration may be empty.
-- Existing vehicles are called by their registration, as every screen called them before.
ALTER TABLE vehicles ADD COLUMN name text;
UPDATE vehicles SET name = reg_number;
ALTER TABLE vehicles ALTER COLUMN name SET NOT NULL;

-- A registration is unique within a store when there is one; names are unique too, ignoring case
-- and spaces, so two vans are never told apart by nothing. A deleted vehicle frees both.
DROP INDEX vehicles_store_reg;
CREATE UNIQUE INDEX vehicles_store_reg ON vehicles (store_id, upper(regexp_replace(reg_number, '\s', '', 'g')))
  WHERE deleted_at IS NULL AND reg_number <> '';
CREATE UNIQUE INDEX vehicles_store_name ON vehicles (store_id, upper(regexp_replace(name, '\s', '', 'g')))
  WHERE deleted_at IS NULL;

-- Cylinder sizes beyond 5, 12 and 20 kg, per store (35 and 45 kg cylinders are common for
-- restaurants). Adding one makes the store's items of that size for its brands, as activating a
-- brand makes its 5, 12 and 20 kg items; a size is never removed (its items keep their history).
ALTER TABLE cylinder_items DROP CONSTRAINT cylinder_items_size_check;
ALTER TABLE cylinder_items ADD CONSTRAINT cylinder_items_size_check CHECK (size BETWEEN 1 AND 50);
CREATE TABLE store_cylinder_sizes (
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  size integer NOT NULL CHECK (size BETWEEN 1 AND 50),
  created_at timestamptz NOT NULL DEFAULT app_now(),
  PRIMARY KEY (store_id, size)
);
ALTER TABLE store_cylinder_sizes ENABLE ROW LEVEL SECURITY;
CREATE POLICY store_scope ON store_cylinder_sizes TO mojud_app
  USING (store_id = app_store_id()) WITH CHECK (store_id = app_store_id());
