-- Fewer indexes to maintain on the ledger (see the PostgreSQL twin, which
-- also leaves room in each page for updated rows): stock_moves_location is
-- the prefix of stock_moves_location_date, and most moves have no group
-- (feed_key NULL), which the group lookups never ask for.
DROP INDEX stock_moves_location;
DROP INDEX stock_moves_feed;
CREATE INDEX stock_moves_feed ON stock_moves (feed_key) WHERE feed_key IS NOT NULL;
