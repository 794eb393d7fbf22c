-- Warehouse documents (issue 14).
-- Moves that take their cost from other moves (docs/stock.md "Fed moves").
-- role: 0 the line's only move; 1 a feeding move (its cost feeds the
-- group: a transfer line's move out, an assembly's parts, a disassembly's
-- product); 2 a fed move (cost_mode 2: its amount is the group's feeding
-- cost, negated, plus fee, shared over the fed moves by weight). feed_key
-- names the group: the document line that owns it (the transfer line, the
-- combination's product line). A line's cost is read per (line, role).
ALTER TABLE stock_moves ADD COLUMN role SMALLINT NOT NULL DEFAULT 0;
ALTER TABLE stock_moves ADD COLUMN feed_key BIGINT;
ALTER TABLE stock_moves ADD COLUMN weight BIGINT NOT NULL DEFAULT 0;
ALTER TABLE stock_moves ADD COLUMN fee BIGINT NOT NULL DEFAULT 0;
CREATE INDEX stock_moves_feed ON stock_moves (feed_key);
-- Transfer lines: the warehouse the goods go into (location_id is the one
-- they leave).
ALTER TABLE bill_entries ADD COLUMN in_location_id BIGINT REFERENCES locations (id);
-- Assembly and disassembly: the document's fee (added to the product's
-- cost, or shared over the parts'); a line is the product (entry_type 1)
-- or a part (2); 0 on other kinds.
ALTER TABLE bills ADD COLUMN fee BIGINT NOT NULL DEFAULT 0;
ALTER TABLE bill_entries ADD COLUMN entry_type SMALLINT NOT NULL DEFAULT 0;
-- The document's sub-type (other stock-in 150706 / stocktake gain 150701,
-- other stock-out 150806 / stocktake loss 150801, assembly 153301 /
-- disassembly 153302) is bills.trans_type.
INSERT INTO coding_rules (kind, prefix, date_part, seq_len, reset, updated_at) VALUES
  ('invTf', 'DB', 'YYYYMMDD', 3, 'day', CURRENT_TIMESTAMP),
  ('otherIn', 'QTRK', 'YYYYMMDD', 3, 'day', CURRENT_TIMESTAMP),
  ('otherOut', 'QTCK', 'YYYYMMDD', 3, 'day', CURRENT_TIMESTAMP),
  ('costAdjustment', 'CBTZ', 'YYYYMMDD', 3, 'day', CURRENT_TIMESTAMP),
  ('combination', 'ZZ', 'YYYYMMDD', 3, 'day', CURRENT_TIMESTAMP)
ON CONFLICT DO NOTHING;

-- Stocktakes: a count of one warehouse at a date (editable until its
-- documents are generated) and its lines: book quantity (the ledger at the
-- date, when saved) and counted quantity per goods, SKU and batch. Generating
-- makes draft documents for the differences: a stocktake gain (otherIn
-- 150701) and a stocktake loss (otherOut 150801).
CREATE TABLE stocktakes (
  id           INTEGER PRIMARY KEY,
  shop_id      BIGINT NOT NULL REFERENCES shops (id),
  location_id  BIGINT NOT NULL REFERENCES locations (id),
  count_date   TEXT NOT NULL,
  description  TEXT NOT NULL DEFAULT '',
  other_in_id  BIGINT REFERENCES bills (id) ON DELETE SET NULL,
  other_out_id BIGINT REFERENCES bills (id) ON DELETE SET NULL,
  generated    SMALLINT NOT NULL DEFAULT 0,
  maker_id     BIGINT REFERENCES users (id),
  version      BIGINT NOT NULL DEFAULT 1,
  created_at   TIMESTAMP NOT NULL,
  updated_at   TIMESTAMP NOT NULL
);
CREATE INDEX stocktakes_shop ON stocktakes (shop_id, count_date, id);
CREATE TABLE stocktake_lines (
  id           INTEGER PRIMARY KEY,
  stocktake_id BIGINT NOT NULL REFERENCES stocktakes (id) ON DELETE CASCADE,
  line_no      INTEGER NOT NULL,
  goods_id     BIGINT NOT NULL REFERENCES goods (id),
  sku_id       BIGINT NOT NULL DEFAULT 0,
  batch        TEXT NOT NULL DEFAULT '',
  book_qty     BIGINT NOT NULL,
  count_qty    BIGINT NOT NULL
);
CREATE INDEX stocktake_lines_stocktake ON stocktake_lines (stocktake_id, line_no);
CREATE INDEX stocktake_lines_goods ON stocktake_lines (goods_id);
