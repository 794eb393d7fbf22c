-- The unsettled lists (GET /api/receipt/unsettled, /api/payment/unsettled,
-- docs/money.md): a contact's audited documents with money open, oldest
-- first. This index holds only the open ones (a settled or fully paid
-- document leaves it when its hx_amount reaches its arrears), in the
-- list's order and with every column the list reads, so the list is one
-- range of it: no sort and no visit to the table per document (10,000
-- open documents of one customer among 1,000,000 took a sort of the
-- customer's documents and 10,000 table lookups through bills_contact_open).
CREATE INDEX bills_open ON bills (contact_id, bill_date, id, kind, shop_id, bill_no, trans_type, amount, rp_amount, arrears, hx_amount)
  WHERE checked = 1 AND hx_amount < arrears;
