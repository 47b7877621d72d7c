-- Inventory: the global brand catalogue, each store's active brands, cylinder items
-- (store × brand × size × regulator type) and stove/regulator items. Counts only ever change
-- together with a ledger entry (see src/inventory/repository.ts); CHECKs are the last guard.
CREATE TABLE brands (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  -- Logos are drawn as initials on this colour: no copied trademarks.
  logo_color text NOT NULL CHECK (logo_color ~ '^#[0-9a-f]{6}$'),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX brands_name_lower ON brands (lower(name));

INSERT INTO brands (name, logo_color) VALUES
  ('Bashundhara', '#c62828'),
  ('Omera', '#1565c0'),
  ('Jamuna', '#2e7d32'),
  ('Beximco', '#6a1b9a'),
  ('TotalEnergies', '#ef6c00'),
  ('Petromax', '#00838f'),
  ('G-Gas', '#ad1457'),
  ('Navana', '#283593'),
  ('Fresh', '#558b2f'),
  ('Unigas', '#4e342e'),
  ('Laugfs', '#d84315'),
  ('Universal', '#37474f'),
  ('BM Energy', '#00695c'),
  ('Delta', '#5d4037'),
  ('Sena', '#1b5e20'),
  ('Index', '#4527a0');

-- Which catalogue brands a store deals in. No row = never activated.
CREATE TABLE store_brands (
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  brand_id uuid NOT NULL REFERENCES brands(id),
  is_active boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (store_id, brand_id)
);

CREATE TABLE cylinder_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  brand_id uuid NOT NULL REFERENCES brands(id),
  size integer NOT NULL CHECK (size IN (5, 12, 20)),
  regulator_type integer NOT NULL CHECK (regulator_type IN (20, 22)),
  price numeric(14, 2) NOT NULL DEFAULT 0 CHECK (price >= 0),
  full_count integer NOT NULL DEFAULT 0 CHECK (full_count >= 0),
  empty_count integer NOT NULL DEFAULT 0 CHECK (empty_count >= 0),
  problem_count integer NOT NULL DEFAULT 0 CHECK (problem_count >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (store_id, brand_id, size, regulator_type)
);
CREATE INDEX cylinder_items_store_filter ON cylinder_items (store_id, size, regulator_type);

-- Stoves and regulators share one shape: a named item with stock and problem counts.
CREATE TABLE accessory_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('stove', 'regulator')),
  name text NOT NULL,
  price numeric(14, 2) NOT NULL DEFAULT 0 CHECK (price >= 0),
  stock_count integer NOT NULL DEFAULT 0 CHECK (stock_count >= 0),
  problem_count integer NOT NULL DEFAULT 0 CHECK (problem_count >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX accessory_items_name ON accessory_items (store_id, kind, lower(name));
