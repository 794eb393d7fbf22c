-- Price lookup when entering documents (GET /api/inventory/listBySelected,
-- docs/basic-data.md): the last audited sales/purchase line of picked goods
-- for one contact. The lookup starts from the goods (their lines across all
-- contacts), reads the lines' bill ids, units and prices from this index
-- alone, then each bill by its primary key to keep those of the contact
-- (the other way round, a contact with few documents, bills_contact serves).
-- It replaces bill_entries_goods (its prefix), so a line write still
-- maintains one goods index.
CREATE INDEX bill_entries_price ON bill_entries (goods_id, bill_id, unit_id, price);
DROP INDEX bill_entries_goods;
