-- A back-dated change rewrites the computed amount of every later move of
-- its balance (issue 18: 50,000 in one transaction). Cheaper updates:
-- room in each page for the new row versions (PostgreSQL then keeps them
-- on the page and touches no index: a heap-only update; new pages only).
-- Half of each page: a recost rewrites up to every other move of a page
-- (a receipt, a sale, …); measured on 100,000 moves, rewriting 50,000
-- three times over: fillfactor 100 3.3/2.4/3.2 s (the table grows from 16
-- to 32 MB anyway), 70 0.9/3.7/2.6 s, 50 0.8/0.9/1.0 s (26 MB) on a loaded
-- 2-core machine. And fewer indexes to maintain when it cannot:
-- stock_moves_location is the prefix of stock_moves_location_date, and
-- most moves have no group (feed_key NULL), which the group lookups never
-- ask for.
ALTER TABLE stock_moves SET (fillfactor = 50);
DROP INDEX stock_moves_location;
DROP INDEX stock_moves_feed;
CREATE INDEX stock_moves_feed ON stock_moves (feed_key) WHERE feed_key IS NOT NULL;
