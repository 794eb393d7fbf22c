-- SQLite only: the dashboard of a busy shop reads a year of sales
-- headers (120,000 at the reports benchmark's scale) for its chart and
-- every balance for its warehouses' values; SQLite looks every row up
-- from an index that lacks the figures. These indexes carry them, so
-- both are read from the index alone (dashboard 240–270 → ~170 ms there;
-- docs/reports.md). PostgreSQL keeps the narrow indexes: wider ones would
-- end the heap-only updates of a balance's quantity and amount and of a
-- document's state.
DROP INDEX bills_list;
CREATE INDEX bills_list ON bills (shop_id, kind, bill_date, id, checked, total_tax_amount, total_tax);
DROP INDEX stock_balances_location;
CREATE INDEX stock_balances_location ON stock_balances (location_id, qty, amount);
