-- The source columns of documents and lines are NULL on almost every row
-- (a line comes from an order or an earlier document only now and then):
-- indexed only where they are set, every saved line writes fewer index
-- pages. Lookups (column = ?) imply NOT NULL and still use them.
DROP INDEX bills_src;
CREATE INDEX bills_src ON bills (src_bill_id) WHERE src_bill_id IS NOT NULL;
DROP INDEX bill_entries_sku;
CREATE INDEX bill_entries_sku ON bill_entries (sku_id) WHERE sku_id IS NOT NULL;
DROP INDEX bill_entries_src;
CREATE INDEX bill_entries_src ON bill_entries (src_entry_id) WHERE src_entry_id IS NOT NULL;
DROP INDEX bill_entries_src_order;
CREATE INDEX bill_entries_src_order ON bill_entries (src_order_entry_id) WHERE src_order_entry_id IS NOT NULL;
DROP INDEX bill_entries_order;
CREATE INDEX bill_entries_order ON bill_entries (src_order_id, src_order_entry_id) WHERE src_order_id IS NOT NULL;
DROP INDEX stock_moves_feed;
CREATE INDEX stock_moves_feed ON stock_moves (feed_key) WHERE feed_key IS NOT NULL;
