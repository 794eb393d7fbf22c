-- Advanced settings (issue 17): coding rules of every document kind and of
-- the numbered basic data, and the closed periods.

-- Rules of the document kinds other issues add, and of basic data (kind =
-- the resource name: inventory, customer, supplier, invlocation, settAcct;
-- manual 1 = a typed number is kept). A kind that already has a row keeps it.
INSERT INTO coding_rules (kind, prefix, date_part, seq_len, reset, manual, updated_at) VALUES
  ('invTf', 'DB', 'YYYYMMDD', 3, 'day', 0, CURRENT_TIMESTAMP),
  ('otherIn', 'QTRK', 'YYYYMMDD', 3, 'day', 0, CURRENT_TIMESTAMP),
  ('otherOut', 'QTCK', 'YYYYMMDD', 3, 'day', 0, CURRENT_TIMESTAMP),
  ('costAdjustment', 'CBTZ', 'YYYYMMDD', 3, 'day', 0, CURRENT_TIMESTAMP),
  ('combination', 'ZZ', 'YYYYMMDD', 3, 'day', 0, CURRENT_TIMESTAMP),
  ('stocktake', 'PD', 'YYYYMMDD', 3, 'day', 0, CURRENT_TIMESTAMP),
  ('receipt', 'SKD', 'YYYYMMDD', 3, 'day', 0, CURRENT_TIMESTAMP),
  ('payment', 'FKD', 'YYYYMMDD', 3, 'day', 0, CURRENT_TIMESTAMP),
  ('income', 'QTSR', 'YYYYMMDD', 3, 'day', 0, CURRENT_TIMESTAMP),
  ('expense', 'QTZC', 'YYYYMMDD', 3, 'day', 0, CURRENT_TIMESTAMP),
  ('fundTf', 'ZJZZ', 'YYYYMMDD', 3, 'day', 0, CURRENT_TIMESTAMP),
  ('verification', 'HX', 'YYYYMMDD', 3, 'day', 0, CURRENT_TIMESTAMP),
  ('salesInvoice', 'XSFP', 'YYYYMMDD', 3, 'day', 0, CURRENT_TIMESTAMP),
  ('purInvoice', 'CGFP', 'YYYYMMDD', 3, 'day', 0, CURRENT_TIMESTAMP),
  ('inventory', 'SP', '', 4, 'never', 1, CURRENT_TIMESTAMP),
  ('customer', 'KH', '', 3, 'never', 1, CURRENT_TIMESTAMP),
  ('supplier', 'GYS', '', 3, 'never', 1, CURRENT_TIMESTAMP),
  ('invlocation', 'CK', '', 3, 'never', 1, CURRENT_TIMESTAMP),
  ('settAcct', 'ZH', '', 3, 'never', 1, CURRENT_TIMESTAMP)
ON CONFLICT DO NOTHING;

-- Every period close (结账): closed through close_date. The newest row is the
-- one in force (system parameter closeDate mirrors it); reopening deletes
-- it, so the one before is in force again.
CREATE TABLE period_closes (
  id         INTEGER PRIMARY KEY,
  close_date TEXT NOT NULL UNIQUE,
  user_id    BIGINT NOT NULL,
  created_at TIMESTAMP NOT NULL
);
