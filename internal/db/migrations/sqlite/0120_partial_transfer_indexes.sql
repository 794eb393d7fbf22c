-- After 0080: two more columns that are NULL on almost every row. A
-- document's to_contact_id is set only by a verification moving a debt to
-- another contact, a fund line's in_account_id only on a fund transfer;
-- every other saved document (each sales delivery, say) and fund line wrote
-- a NULL entry into these indexes. Indexed only where set. Every query that
-- uses them looks one value up (column = ?: the usage checks before a
-- contact or account is deleted, the foreign-key checks, the statement's
-- documents moved onto a contact), which implies NOT NULL, so they still
-- serve it.
DROP INDEX bills_to_contact;
CREATE INDEX bills_to_contact ON bills (to_contact_id) WHERE to_contact_id IS NOT NULL;
DROP INDEX fund_entries_in_account;
CREATE INDEX fund_entries_in_account ON fund_entries (in_account_id) WHERE in_account_id IS NOT NULL;
