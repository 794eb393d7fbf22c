-- Fund documents (docs/money.md): other income and expense, fund
-- transfers, receipts and payments with their settlements.

-- Lines of income, expense and fund transfers. Income and expense: item_id
-- (an income or expense item) and amount; account_id is the header's
-- account (accId), on every line. Transfers: account_id is the account left,
-- in_account_id the account entered.
CREATE TABLE fund_entries (
  id INTEGER PRIMARY KEY,
  bill_id       BIGINT NOT NULL REFERENCES bills (id) ON DELETE CASCADE,
  line_no       INTEGER NOT NULL,
  item_id       BIGINT REFERENCES items (id),
  account_id    BIGINT REFERENCES settle_accounts (id),
  in_account_id BIGINT REFERENCES settle_accounts (id),
  amount        BIGINT NOT NULL,
  way_id        BIGINT REFERENCES assists (id),
  settlement    TEXT NOT NULL DEFAULT '',
  description   TEXT NOT NULL DEFAULT ''
);
CREATE INDEX fund_entries_bill ON fund_entries (bill_id, line_no);
CREATE INDEX fund_entries_item ON fund_entries (item_id);
CREATE INDEX fund_entries_account ON fund_entries (account_id);
CREATE INDEX fund_entries_in_account ON fund_entries (in_account_id);

-- Settlements (核销): a receipt's or payment's line settles a document
-- (target_id) for amount, a magnitude (positive: a return's open amount is
-- settled by a negative nowCheck, stored positive with sign -1). A draft
-- keeps its lines here too; only an audited one counts in the target's
-- bills.hx_amount.
CREATE TABLE settlements (
  id INTEGER PRIMARY KEY,
  bill_id   BIGINT NOT NULL REFERENCES bills (id) ON DELETE CASCADE,
  line_no   INTEGER NOT NULL,
  target_id BIGINT NOT NULL REFERENCES bills (id),
  amount    BIGINT NOT NULL,
  sign      SMALLINT NOT NULL DEFAULT 1
);
CREATE INDEX settlements_bill ON settlements (bill_id, line_no);
CREATE INDEX settlements_target ON settlements (target_id);

-- The documents of a contact with money open (unsettled lists).
CREATE INDEX bills_contact_open ON bills (contact_id, checked, kind, bill_date, id);

