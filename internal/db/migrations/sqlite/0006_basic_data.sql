-- Basic and assisting data: categories and assisting attributes, units and
-- unit groups, warehouses (and the shops using them), staff, settlement
-- accounts, income/expense items, customers and suppliers, goods with their
-- units, SKUs, barcodes, warning levels, opening stock and images.
-- Decimals are BIGINT × 10^6.

-- Types of assisting data: the built-in category trees (goods trade,
-- customertype, supplytype, raccttype, paccttype, PayMethod; kind 0) and the
-- assisting-attribute groups users create (colour, size …; kind 1).
CREATE TABLE assist_types (
  id         INTEGER PRIMARY KEY,
  number     TEXT NOT NULL UNIQUE,
  name       TEXT NOT NULL,
  name_en    TEXT NOT NULL DEFAULT '',
  kind       SMALLINT NOT NULL DEFAULT 0,
  builtin    SMALLINT NOT NULL DEFAULT 0,
  sort       INTEGER NOT NULL DEFAULT 0,
  created_at TIMESTAMP NOT NULL,
  updated_at TIMESTAMP NOT NULL
);

-- Categories (trees) and assisting-attribute values (flat), by type.
CREATE TABLE assists (
  id         INTEGER PRIMARY KEY,
  type_id    BIGINT NOT NULL REFERENCES assist_types (id),
  parent_id  BIGINT REFERENCES assists (id),
  tree_path  TEXT NOT NULL DEFAULT '/',
  number     TEXT NOT NULL DEFAULT '',
  name       TEXT NOT NULL,
  sort       INTEGER NOT NULL DEFAULT 0,
  disabled   SMALLINT NOT NULL DEFAULT 0,
  remark     TEXT NOT NULL DEFAULT '',
  created_at TIMESTAMP NOT NULL,
  updated_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX assists_name ON assists (type_id, COALESCE(parent_id, 0), name);
CREATE INDEX assists_parent ON assists (parent_id);

-- Unit groups and units. A unit in a group has its ratio to the group's
-- base unit (rate 1); a unit without a group stands alone (rate 1).
CREATE TABLE unit_types (
  id         INTEGER PRIMARY KEY,
  name       TEXT NOT NULL UNIQUE,
  created_at TIMESTAMP NOT NULL,
  updated_at TIMESTAMP NOT NULL
);

CREATE TABLE units (
  id           INTEGER PRIMARY KEY,
  unit_type_id BIGINT REFERENCES unit_types (id),
  name         TEXT NOT NULL,
  rate         BIGINT NOT NULL DEFAULT 1000000,
  is_base      SMALLINT NOT NULL DEFAULT 0,
  sort         INTEGER NOT NULL DEFAULT 0,
  disabled     SMALLINT NOT NULL DEFAULT 0,
  created_at   TIMESTAMP NOT NULL,
  updated_at   TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX units_name ON units (COALESCE(unit_type_id, 0), name);
CREATE INDEX units_type ON units (unit_type_id);

-- Warehouses, and the shops that use them.
CREATE TABLE locations (
  id             INTEGER PRIMARY KEY,
  number         TEXT NOT NULL UNIQUE,
  name           TEXT NOT NULL,
  address        TEXT NOT NULL DEFAULT '',
  keeper         TEXT NOT NULL DEFAULT '',
  phone          TEXT NOT NULL DEFAULT '',
  allow_negative SMALLINT NOT NULL DEFAULT 0,
  disabled       SMALLINT NOT NULL DEFAULT 0,
  remark         TEXT NOT NULL DEFAULT '',
  sort           INTEGER NOT NULL DEFAULT 0,
  created_at     TIMESTAMP NOT NULL,
  updated_at     TIMESTAMP NOT NULL
);

CREATE TABLE shop_locations (
  shop_id     BIGINT NOT NULL REFERENCES shops (id),
  location_id BIGINT NOT NULL REFERENCES locations (id) ON DELETE CASCADE,
  PRIMARY KEY (shop_id, location_id)
);
CREATE INDEX shop_locations_location ON shop_locations (location_id);

-- Staff.
CREATE TABLE employees (
  id         INTEGER PRIMARY KEY,
  number     TEXT NOT NULL UNIQUE,
  name       TEXT NOT NULL,
  mobile     TEXT NOT NULL DEFAULT '',
  disabled   SMALLINT NOT NULL DEFAULT 0,
  remark     TEXT NOT NULL DEFAULT '',
  search     TEXT NOT NULL DEFAULT '',
  created_at TIMESTAMP NOT NULL,
  updated_at TIMESTAMP NOT NULL
);

-- Settlement accounts: kind 1 cash, 2 bank.
CREATE TABLE settle_accounts (
  id              INTEGER PRIMARY KEY,
  number          TEXT NOT NULL UNIQUE,
  name            TEXT NOT NULL,
  kind            SMALLINT NOT NULL DEFAULT 1,
  bank_account    TEXT NOT NULL DEFAULT '',
  opening_balance BIGINT NOT NULL DEFAULT 0,
  opening_date    TEXT NOT NULL DEFAULT '',
  disabled        SMALLINT NOT NULL DEFAULT 0,
  remark          TEXT NOT NULL DEFAULT '',
  created_at      TIMESTAMP NOT NULL,
  updated_at      TIMESTAMP NOT NULL
);

-- Income/expense items: kind 1 income, 2 expense.
CREATE TABLE items (
  id          INTEGER PRIMARY KEY,
  kind        SMALLINT NOT NULL,
  number      TEXT NOT NULL,
  name        TEXT NOT NULL,
  category_id BIGINT REFERENCES assists (id),
  disabled    SMALLINT NOT NULL DEFAULT 0,
  remark      TEXT NOT NULL DEFAULT '',
  search      TEXT NOT NULL DEFAULT '',
  created_at  TIMESTAMP NOT NULL,
  updated_at  TIMESTAMP NOT NULL,
  UNIQUE (kind, number)
);

-- Customers (type -10) and suppliers (type 10). level: 0 retail,
-- 1 wholesale, 2 VIP, 3 discount level 1, 4 discount level 2.
-- opening_amount: receivable (customers) or payable (suppliers);
-- opening_advance: advance received or paid; both as of begin_date.
CREATE TABLE contacts (
  id              INTEGER PRIMARY KEY,
  type            SMALLINT NOT NULL,
  number          TEXT NOT NULL,
  name            TEXT NOT NULL,
  category_id     BIGINT REFERENCES assists (id),
  level           SMALLINT NOT NULL DEFAULT 0,
  tax_rate        BIGINT NOT NULL DEFAULT 0,
  opening_amount  BIGINT NOT NULL DEFAULT 0,
  opening_advance BIGINT NOT NULL DEFAULT 0,
  begin_date      TEXT NOT NULL DEFAULT '',
  remark          TEXT NOT NULL DEFAULT '',
  search          TEXT NOT NULL DEFAULT '',
  disabled        SMALLINT NOT NULL DEFAULT 0,
  created_at      TIMESTAMP NOT NULL,
  updated_at      TIMESTAMP NOT NULL,
  UNIQUE (type, number)
);
CREATE INDEX contacts_category ON contacts (category_id);

CREATE TABLE contact_links (
  id         INTEGER PRIMARY KEY,
  contact_id BIGINT NOT NULL REFERENCES contacts (id) ON DELETE CASCADE,
  name       TEXT NOT NULL,
  mobile     TEXT NOT NULL DEFAULT '',
  phone      TEXT NOT NULL DEFAULT '',
  im         TEXT NOT NULL DEFAULT '',
  address    TEXT NOT NULL DEFAULT '',
  is_first   SMALLINT NOT NULL DEFAULT 0,
  sort       INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX contact_links_contact ON contact_links (contact_id);

-- Goods. unit_id is the base unit (of unit_type_id's group when the goods
-- have several units); prices are per base unit; discount rates are
-- percentages of the sale price.
CREATE TABLE goods (
  id              INTEGER PRIMARY KEY,
  number          TEXT NOT NULL UNIQUE,
  name            TEXT NOT NULL,
  spec            TEXT NOT NULL DEFAULT '',
  category_id     BIGINT REFERENCES assists (id),
  unit_type_id    BIGINT REFERENCES unit_types (id),
  unit_id         BIGINT NOT NULL REFERENCES units (id),
  barcode         TEXT NOT NULL DEFAULT '',
  pur_price       BIGINT NOT NULL DEFAULT 0,
  sale_price      BIGINT NOT NULL DEFAULT 0,
  wholesale_price BIGINT NOT NULL DEFAULT 0,
  vip_price       BIGINT NOT NULL DEFAULT 0,
  discount_rate1  BIGINT NOT NULL DEFAULT 0,
  discount_rate2  BIGINT NOT NULL DEFAULT 0,
  location_id     BIGINT REFERENCES locations (id),
  is_ser_num      SMALLINT NOT NULL DEFAULT 0,
  is_warranty     SMALLINT NOT NULL DEFAULT 0,
  safe_days       INTEGER NOT NULL DEFAULT 0,
  advance_days    INTEGER NOT NULL DEFAULT 0,
  remark          TEXT NOT NULL DEFAULT '',
  search          TEXT NOT NULL DEFAULT '',
  disabled        SMALLINT NOT NULL DEFAULT 0,
  created_at      TIMESTAMP NOT NULL,
  updated_at      TIMESTAMP NOT NULL
);
CREATE INDEX goods_category ON goods (category_id);
CREATE INDEX goods_unit ON goods (unit_id);
CREATE INDEX goods_unit_type ON goods (unit_type_id);
CREATE INDEX goods_location ON goods (location_id);
CREATE INDEX goods_name ON goods (name);

-- The other units of a goods item's group, each with its own prices
-- (per that unit) and barcode.
CREATE TABLE goods_units (
  goods_id        BIGINT NOT NULL REFERENCES goods (id) ON DELETE CASCADE,
  unit_id         BIGINT NOT NULL REFERENCES units (id),
  barcode         TEXT NOT NULL DEFAULT '',
  pur_price       BIGINT NOT NULL DEFAULT 0,
  sale_price      BIGINT NOT NULL DEFAULT 0,
  wholesale_price BIGINT NOT NULL DEFAULT 0,
  vip_price       BIGINT NOT NULL DEFAULT 0,
  PRIMARY KEY (goods_id, unit_id)
);
CREATE INDEX goods_units_unit ON goods_units (unit_id);

-- The assisting-attribute groups (assist_types of kind 1) a goods item's
-- SKUs combine, in order.
CREATE TABLE goods_sku_types (
  goods_id BIGINT NOT NULL REFERENCES goods (id) ON DELETE CASCADE,
  type_id  BIGINT NOT NULL REFERENCES assist_types (id),
  sort     INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (goods_id, type_id)
);
CREATE INDEX goods_sku_types_type ON goods_sku_types (type_id);

-- SKUs: one combination of assisting-attribute values, one per group
-- (assist_ids "3,12": the sorted value ids, unique per goods).
CREATE TABLE goods_skus (
  id         INTEGER PRIMARY KEY,
  goods_id   BIGINT NOT NULL REFERENCES goods (id) ON DELETE CASCADE,
  assist_ids TEXT NOT NULL,
  name       TEXT NOT NULL,
  barcode    TEXT NOT NULL DEFAULT '',
  disabled   SMALLINT NOT NULL DEFAULT 0,
  created_at TIMESTAMP NOT NULL,
  UNIQUE (goods_id, assist_ids)
);

CREATE TABLE goods_sku_values (
  sku_id    BIGINT NOT NULL REFERENCES goods_skus (id) ON DELETE CASCADE,
  assist_id BIGINT NOT NULL REFERENCES assists (id),
  PRIMARY KEY (sku_id, assist_id)
);
CREATE INDEX goods_sku_values_assist ON goods_sku_values (assist_id);

-- Every barcode of every goods item, unit and SKU: a scanned code finds
-- exactly one (goods, unit, SKU). unit_id NULL = the base unit; sku_id
-- NULL = no SKU.
CREATE TABLE barcodes (
  code     TEXT PRIMARY KEY,
  goods_id BIGINT NOT NULL REFERENCES goods (id) ON DELETE CASCADE,
  unit_id  BIGINT REFERENCES units (id),
  sku_id   BIGINT REFERENCES goods_skus (id) ON DELETE CASCADE
);
CREATE INDEX barcodes_goods ON barcodes (goods_id);
CREATE INDEX barcodes_sku ON barcodes (sku_id);

-- Stock warning levels per goods and warehouse (base unit quantities).
CREATE TABLE goods_warnings (
  goods_id    BIGINT NOT NULL REFERENCES goods (id) ON DELETE CASCADE,
  location_id BIGINT NOT NULL REFERENCES locations (id),
  low_qty     BIGINT,
  high_qty    BIGINT,
  PRIMARY KEY (goods_id, location_id)
);
CREATE INDEX goods_warnings_location ON goods_warnings (location_id);

-- Opening stock per goods, warehouse and SKU (sku_id 0 = none): base unit
-- quantity, unit cost and amount; posted as opening movements by the
-- stock engine.
CREATE TABLE goods_openings (
  id          INTEGER PRIMARY KEY,
  goods_id    BIGINT NOT NULL REFERENCES goods (id) ON DELETE CASCADE,
  location_id BIGINT NOT NULL REFERENCES locations (id),
  sku_id      BIGINT NOT NULL DEFAULT 0,
  qty         BIGINT NOT NULL,
  unit_cost   BIGINT NOT NULL,
  amount      BIGINT NOT NULL,
  UNIQUE (goods_id, location_id, sku_id)
);
CREATE INDEX goods_openings_location ON goods_openings (location_id);

-- Images of goods, stored in the data folder (file and thumbnail names).
CREATE TABLE goods_images (
  id         INTEGER PRIMARY KEY,
  goods_id   BIGINT NOT NULL REFERENCES goods (id) ON DELETE CASCADE,
  name       TEXT NOT NULL,
  file       TEXT NOT NULL,
  thumb      TEXT NOT NULL,
  size       BIGINT NOT NULL,
  sort       INTEGER NOT NULL DEFAULT 0,
  created_at TIMESTAMP NOT NULL
);
CREATE INDEX goods_images_goods ON goods_images (goods_id);

INSERT INTO assist_types (number, name, name_en, kind, builtin, sort, created_at, updated_at) VALUES
  ('trade', '商品类别', 'Goods categories', 0, 1, 1, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP),
  ('customertype', '客户类别', 'Customer categories', 0, 1, 2, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP),
  ('supplytype', '供应商类别', 'Supplier categories', 0, 1, 3, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP),
  ('raccttype', '收入类别', 'Income categories', 0, 1, 4, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP),
  ('paccttype', '支出类别', 'Expense categories', 0, 1, 5, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP),
  ('PayMethod', '结算方式', 'Payment methods', 0, 1, 6, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP);
