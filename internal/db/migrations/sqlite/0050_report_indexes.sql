-- Reports read stock at a past date as the balances less the moves dated
-- after it (internal/report): those moves by warehouse and date.
CREATE INDEX stock_moves_location_date ON stock_moves (location_id, move_date);
