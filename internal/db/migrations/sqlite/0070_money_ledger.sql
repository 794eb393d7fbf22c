-- The money ledger (docs/money.md): what audited documents do to contacts
-- and settlement accounts, written when a document is audited and removed
-- when it is un-audited, as stock moves are. Amounts in micro-units.

-- Contact moves: debt is the change of the contact's receivable (customers)
-- or payable (suppliers), advance the change of the advance it holds.
CREATE TABLE contact_moves (
  id INTEGER PRIMARY KEY,
  bill_id    BIGINT NOT NULL REFERENCES bills (id) ON DELETE CASCADE,
  shop_id    BIGINT NOT NULL REFERENCES shops (id),
  contact_id BIGINT NOT NULL REFERENCES contacts (id),
  move_date  TEXT NOT NULL,
  debt       BIGINT NOT NULL DEFAULT 0,
  advance    BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX contact_moves_bill ON contact_moves (bill_id);
CREATE INDEX contact_moves_contact ON contact_moves (contact_id, move_date);

-- Account moves: amount is money in (+) or out (−) of a settlement account.
CREATE TABLE account_moves (
  id INTEGER PRIMARY KEY,
  bill_id    BIGINT NOT NULL REFERENCES bills (id) ON DELETE CASCADE,
  shop_id    BIGINT NOT NULL REFERENCES shops (id),
  account_id BIGINT NOT NULL REFERENCES settle_accounts (id),
  move_date  TEXT NOT NULL,
  amount     BIGINT NOT NULL
);
CREATE INDEX account_moves_bill ON account_moves (bill_id);
CREATE INDEX account_moves_account ON account_moves (account_id, move_date);

-- Balances: the sums of the moves, one row per contact and per account,
-- updated in the same transaction as the moves (openings are on the
-- contact and the account).
CREATE TABLE contact_balances (
  contact_id BIGINT PRIMARY KEY REFERENCES contacts (id) ON DELETE CASCADE,
  debt       BIGINT NOT NULL DEFAULT 0,
  advance    BIGINT NOT NULL DEFAULT 0
);
CREATE TABLE account_balances (
  account_id BIGINT PRIMARY KEY REFERENCES settle_accounts (id) ON DELETE CASCADE,
  amount     BIGINT NOT NULL DEFAULT 0
);

-- The ledger of the documents audited before it existed.
INSERT INTO contact_moves (bill_id, shop_id, contact_id, move_date, debt, advance)
  SELECT id, shop_id, contact_id, bill_date,
    CASE WHEN kind IN ('purchase', 'sales') THEN arrears ELSE -arrears END, 0
  FROM bills WHERE checked = 1 AND contact_id IS NOT NULL AND arrears <> 0
    AND kind IN ('purchase', 'rePurchase', 'sales', 'reSales');
INSERT INTO account_moves (bill_id, shop_id, account_id, move_date, amount)
  SELECT b.id, b.shop_id, ba.account_id, b.bill_date,
    CASE WHEN b.kind IN ('rePurchase', 'sales') THEN ba.payment ELSE -ba.payment END
  FROM bill_accounts ba JOIN bills b ON b.id = ba.bill_id
  WHERE b.checked = 1 AND ba.payment <> 0 AND b.kind IN ('purchase', 'rePurchase', 'sales', 'reSales');
INSERT INTO contact_balances (contact_id, debt, advance)
  SELECT contact_id, SUM(debt), SUM(advance) FROM contact_moves GROUP BY contact_id;
INSERT INTO account_balances (account_id, amount)
  SELECT account_id, SUM(amount) FROM account_moves GROUP BY account_id;
