-- Orders (issue 6): the lines linked to an order, found by order. The order's
-- status, its pending quantities and the "linked documents" checks of its
-- un-audit and delete all start from src_order_id.
CREATE INDEX bill_entries_order ON bill_entries (src_order_id, src_order_entry_id);
