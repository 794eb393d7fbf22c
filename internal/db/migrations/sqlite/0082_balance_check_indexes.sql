-- Auditing a document checks that its contact's debt and its settlement
-- accounts' balances stay within the largest balance (docs/limits.md) by
-- summing the contact's audited arrears and the accounts' audited payments.
-- These indexes hold every column those sums read, so each is one scan of
-- an index range, without a visit to the table per earlier document (it
-- was 38 % of an audited sale's time after 4,000 sales to one customer).
-- They replace bills_contact and bill_accounts_account (their prefixes),
-- so a write maintains no more indexes than before.
CREATE INDEX IF NOT EXISTS bills_contact_debt ON bills (contact_id, checked, kind, arrears);
DROP INDEX IF EXISTS bills_contact;
CREATE INDEX bill_accounts_flow ON bill_accounts (account_id, bill_id, payment);
DROP INDEX bill_accounts_account;
