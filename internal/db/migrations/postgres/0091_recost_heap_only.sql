-- A back-dated document rewrites the computed amount of every later move
-- of its balance (issue 18: 50,000 in one transaction). Migration 0045
-- left room in every page so that PostgreSQL rewrites them heap-only,
-- touching no index; 0051 then carried amount in the moves' report index,
-- and an update of an indexed column is never heap-only: every rewritten
-- amount inserted a new entry into each of the table's indexes (1.0-1.3 s
-- for 50,000 on a loaded 2-core machine). The index keeps what the
-- reports select and filter by; the amounts they sum are read from the
-- rows it points to.
DROP INDEX stock_moves_location_date;
CREATE INDEX stock_moves_location_date ON stock_moves (location_id, move_date) INCLUDE (goods_id, sku_id, kind, qty, bill_id);
