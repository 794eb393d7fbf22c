-- Warehouse documents (issue 14).
-- A move's role in its line: 0 the line's only move; 1 the out side of a
-- pair (a transfer line's move out of its out warehouse); 2 the in side,
-- whose cost is taken from the line's role-1 move (cost_mode 2). A line's
-- cost is read per (line, role): a transfer line is counted once.
ALTER TABLE stock_moves ADD COLUMN role SMALLINT NOT NULL DEFAULT 0;
-- Transfer lines: the warehouse the goods go into (location_id is the one
-- they leave).
ALTER TABLE bill_entries ADD COLUMN in_location_id BIGINT REFERENCES locations (id);
-- The document's sub-type (other stock-in 150706 / stocktake gain 150701,
-- other stock-out 150806 / stocktake loss 150801) is bills.trans_type.
INSERT INTO coding_rules (kind, prefix, date_part, seq_len, reset, updated_at) VALUES
  ('invTf', 'DB', 'YYYYMMDD', 3, 'day', CURRENT_TIMESTAMP),
  ('otherIn', 'QTRK', 'YYYYMMDD', 3, 'day', CURRENT_TIMESTAMP),
  ('otherOut', 'QTCK', 'YYYYMMDD', 3, 'day', CURRENT_TIMESTAMP),
  ('costAdjustment', 'CBTZ', 'YYYYMMDD', 3, 'day', CURRENT_TIMESTAMP);
