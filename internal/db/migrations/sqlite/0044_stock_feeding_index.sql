-- The feeding moves of a balance from a date on (stock.reach: which
-- balances a back-dated change recosts through transfers and assemblies,
-- locked up front in one order on PostgreSQL).
CREATE INDEX stock_moves_feeding ON stock_moves (goods_id, sku_id, location_id, batch, move_date) WHERE role = 1;
