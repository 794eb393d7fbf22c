-- Sales and purchase invoices (docs/money.md): lines drawn from the lines
-- of audited sales and purchases (returns negative); what is invoiced of
-- each goods line and document (magnitudes of amount with tax). Invoices
-- move neither stock nor money.
CREATE TABLE invoice_heads (
  bill_id       BIGINT PRIMARY KEY REFERENCES bills (id) ON DELETE CASCADE,
  invoice_no    TEXT NOT NULL DEFAULT '',
  invoice_title TEXT NOT NULL DEFAULT '',
  invoice_type  SMALLINT NOT NULL DEFAULT 1
);
CREATE TABLE invoice_entries (
  id INTEGER PRIMARY KEY,
  bill_id      BIGINT NOT NULL REFERENCES bills (id) ON DELETE CASCADE,
  line_no      INTEGER NOT NULL,
  src_bill_id  BIGINT NOT NULL REFERENCES bills (id),
  src_entry_id BIGINT NOT NULL REFERENCES bill_entries (id),
  qty          BIGINT NOT NULL DEFAULT 0,
  amount       BIGINT NOT NULL,
  tax          BIGINT NOT NULL DEFAULT 0,
  tax_amount   BIGINT NOT NULL
);
CREATE INDEX invoice_entries_bill ON invoice_entries (bill_id, line_no);
CREATE INDEX invoice_entries_src_bill ON invoice_entries (src_bill_id);
CREATE INDEX invoice_entries_src_entry ON invoice_entries (src_entry_id);
ALTER TABLE bills ADD COLUMN invoiced_amount BIGINT NOT NULL DEFAULT 0;
ALTER TABLE bills ADD COLUMN invoice_state SMALLINT NOT NULL DEFAULT 0;
ALTER TABLE bill_entries ADD COLUMN invoiced_amount BIGINT NOT NULL DEFAULT 0;
