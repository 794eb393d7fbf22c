-- Documents (every kind shares these tables) and the stock engine's
-- ledger, balances and FIFO layers. See docs/stock.md.

-- Coding rules of document numbers, per kind; date_part YYYYMMDD, YYYYMM,
-- YYYY or '' ; reset day, month, year or never. manual 1: a number the
-- user types is kept (unique per shop and kind); empty still takes the next.
CREATE TABLE coding_rules (
  kind       TEXT PRIMARY KEY,
  prefix     TEXT NOT NULL,
  date_part  TEXT NOT NULL DEFAULT 'YYYYMMDD',
  seq_len    INTEGER NOT NULL DEFAULT 3,
  reset      TEXT NOT NULL DEFAULT 'day',
  manual     SMALLINT NOT NULL DEFAULT 0,
  updated_at TIMESTAMP NOT NULL
);

-- The last sequence taken per shop, kind and period ('' = never resets).
CREATE TABLE bill_sequences (
  shop_id  BIGINT NOT NULL REFERENCES shops (id),
  kind     TEXT NOT NULL,
  period   TEXT NOT NULL,
  last_seq BIGINT NOT NULL,
  PRIMARY KEY (shop_id, kind, period)
);

CREATE TABLE bills (
  id               INTEGER PRIMARY KEY,
  shop_id          BIGINT NOT NULL REFERENCES shops (id),
  kind             TEXT NOT NULL,
  trans_type       INTEGER NOT NULL,
  bill_no          TEXT NOT NULL,
  bill_date        TEXT NOT NULL,
  contact_id       BIGINT REFERENCES contacts (id),
  employee_id      BIGINT REFERENCES employees (id),
  location_id      BIGINT REFERENCES locations (id),
  src_bill_id      BIGINT REFERENCES bills (id),
  description      TEXT NOT NULL DEFAULT '',
  delivery_date    TEXT NOT NULL DEFAULT '',
  total_qty        BIGINT NOT NULL DEFAULT 0,
  total_amount     BIGINT NOT NULL DEFAULT 0,
  dis_rate         BIGINT NOT NULL DEFAULT 0,
  dis_amount       BIGINT NOT NULL DEFAULT 0,
  amount           BIGINT NOT NULL DEFAULT 0,
  total_tax        BIGINT NOT NULL DEFAULT 0,
  total_tax_amount BIGINT NOT NULL DEFAULT 0,
  rp_amount        BIGINT NOT NULL DEFAULT 0,
  arrears          BIGINT NOT NULL DEFAULT 0,
  hx_state         SMALLINT NOT NULL DEFAULT 0,
  hx_amount        BIGINT NOT NULL DEFAULT 0,
  bill_status      SMALLINT NOT NULL DEFAULT 0,
  checked          SMALLINT NOT NULL DEFAULT 0,
  maker_id         BIGINT REFERENCES users (id),
  checker_id       BIGINT REFERENCES users (id),
  checked_at       TIMESTAMP,
  version          INTEGER NOT NULL DEFAULT 1,
  created_at       TIMESTAMP NOT NULL,
  updated_at       TIMESTAMP NOT NULL,
  UNIQUE (shop_id, kind, bill_no)
);
CREATE INDEX bills_list ON bills (shop_id, kind, bill_date, id);
CREATE INDEX bills_contact ON bills (contact_id, checked);
CREATE INDEX bills_src ON bills (src_bill_id);

-- Lines. unit_rate: base units per unit when saved; base_qty = qty × unit_rate.
CREATE TABLE bill_entries (
  id                 INTEGER PRIMARY KEY,
  bill_id            BIGINT NOT NULL REFERENCES bills (id) ON DELETE CASCADE,
  line_no            INTEGER NOT NULL,
  goods_id           BIGINT NOT NULL REFERENCES goods (id),
  sku_id             BIGINT REFERENCES goods_skus (id),
  unit_id            BIGINT NOT NULL REFERENCES units (id),
  unit_rate          BIGINT NOT NULL,
  location_id        BIGINT REFERENCES locations (id),
  qty                BIGINT NOT NULL,
  base_qty           BIGINT NOT NULL,
  price              BIGINT NOT NULL DEFAULT 0,
  discount_rate      BIGINT NOT NULL DEFAULT 0,
  deduction          BIGINT NOT NULL DEFAULT 0,
  amount             BIGINT NOT NULL DEFAULT 0,
  tax_rate           BIGINT NOT NULL DEFAULT 0,
  tax                BIGINT NOT NULL DEFAULT 0,
  tax_amount         BIGINT NOT NULL DEFAULT 0,
  batch              TEXT NOT NULL DEFAULT '',
  prod_date          TEXT NOT NULL DEFAULT '',
  valid_date         TEXT NOT NULL DEFAULT '',
  src_order_id       BIGINT REFERENCES bills (id),
  src_order_entry_id BIGINT REFERENCES bill_entries (id),
  src_entry_id       BIGINT REFERENCES bill_entries (id),
  description        TEXT NOT NULL DEFAULT ''
);
CREATE INDEX bill_entries_bill ON bill_entries (bill_id, line_no);
CREATE INDEX bill_entries_goods ON bill_entries (goods_id);
CREATE INDEX bill_entries_sku ON bill_entries (sku_id);
CREATE INDEX bill_entries_unit ON bill_entries (unit_id);
CREATE INDEX bill_entries_location ON bill_entries (location_id);
CREATE INDEX bill_entries_src ON bill_entries (src_entry_id);
CREATE INDEX bill_entries_src_order ON bill_entries (src_order_entry_id);

-- Settlement lines: money paid now through settlement accounts.
CREATE TABLE bill_accounts (
  id         INTEGER PRIMARY KEY,
  bill_id    BIGINT NOT NULL REFERENCES bills (id) ON DELETE CASCADE,
  line_no    INTEGER NOT NULL,
  account_id BIGINT NOT NULL REFERENCES settle_accounts (id),
  payment    BIGINT NOT NULL,
  way_id     BIGINT REFERENCES assists (id),
  settlement TEXT NOT NULL DEFAULT '',
  remark     TEXT NOT NULL DEFAULT ''
);
CREATE INDEX bill_accounts_bill ON bill_accounts (bill_id);
CREATE INDEX bill_accounts_account ON bill_accounts (account_id);

-- The stock ledger: one row per movement (signed base-unit qty, signed
-- cost amount). cost_mode 1: the amount is given; 0: computed by the
-- engine from the balance. Ordered per balance by (move_date, id).
CREATE TABLE stock_moves (
  id          INTEGER PRIMARY KEY,
  goods_id    BIGINT NOT NULL REFERENCES goods (id),
  sku_id      BIGINT NOT NULL DEFAULT 0,
  location_id BIGINT NOT NULL REFERENCES locations (id),
  batch       TEXT NOT NULL DEFAULT '',
  move_date   TEXT NOT NULL,
  qty         BIGINT NOT NULL,
  amount      BIGINT NOT NULL,
  cost_mode   SMALLINT NOT NULL,
  kind        TEXT NOT NULL,
  bill_id     BIGINT REFERENCES bills (id),
  entry_id    BIGINT REFERENCES bill_entries (id),
  -- not a foreign key: goods rewrite their opening rows and then
  -- stock.ReplaceOpenings swaps the moves in one recost (see internal/goods).
  opening_id  BIGINT
);
CREATE INDEX stock_moves_balance ON stock_moves (goods_id, sku_id, location_id, batch, move_date, id);
CREATE INDEX stock_moves_bill ON stock_moves (bill_id);
CREATE INDEX stock_moves_entry ON stock_moves (entry_id);
CREATE INDEX stock_moves_location ON stock_moves (location_id);

-- Balances: on-hand and value per goods, SKU, warehouse and batch.
CREATE TABLE stock_balances (
  goods_id    BIGINT NOT NULL REFERENCES goods (id),
  sku_id      BIGINT NOT NULL DEFAULT 0,
  location_id BIGINT NOT NULL REFERENCES locations (id),
  batch       TEXT NOT NULL DEFAULT '',
  qty         BIGINT NOT NULL DEFAULT 0,
  amount      BIGINT NOT NULL DEFAULT 0,
  last_cost   BIGINT NOT NULL DEFAULT 0,
  PRIMARY KEY (goods_id, sku_id, location_id, batch)
);
CREATE INDEX stock_balances_location ON stock_balances (location_id);

-- FIFO layers: the unconsumed part of each inbound move.
CREATE TABLE stock_layers (
  move_id     BIGINT PRIMARY KEY REFERENCES stock_moves (id) ON DELETE CASCADE,
  goods_id    BIGINT NOT NULL,
  sku_id      BIGINT NOT NULL DEFAULT 0,
  location_id BIGINT NOT NULL,
  batch       TEXT NOT NULL DEFAULT '',
  move_date   TEXT NOT NULL,
  qty         BIGINT NOT NULL,
  amount      BIGINT NOT NULL
);
CREATE INDEX stock_layers_balance ON stock_layers (goods_id, sku_id, location_id, batch, move_date, move_id);

INSERT INTO coding_rules (kind, prefix, date_part, seq_len, reset, updated_at) VALUES
  ('purOrder', 'CGDD', 'YYYYMMDD', 3, 'day', CURRENT_TIMESTAMP),
  ('purchase', 'CG', 'YYYYMMDD', 3, 'day', CURRENT_TIMESTAMP),
  ('rePurchase', 'CGTH', 'YYYYMMDD', 3, 'day', CURRENT_TIMESTAMP),
  ('salesOrder', 'XSDD', 'YYYYMMDD', 3, 'day', CURRENT_TIMESTAMP),
  ('sales', 'XS', 'YYYYMMDD', 3, 'day', CURRENT_TIMESTAMP),
  ('reSales', 'XSTH', 'YYYYMMDD', 3, 'day', CURRENT_TIMESTAMP);
