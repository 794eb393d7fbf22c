-- Reports read stock at a past date from the balances and the moves since
-- (or the moves up to it) and a period's flows per goods, warehouse and
-- kind (internal/report): the moves by warehouse and date carry what those
-- sums read, so they never visit the table's rows.
DROP INDEX stock_moves_location_date;
CREATE INDEX stock_moves_location_date ON stock_moves (location_id, move_date, goods_id, sku_id, kind, qty, amount, bill_id);
