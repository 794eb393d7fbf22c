-- Stock snapshots (docs/stock.md "Snapshots"): the stock of every goods ×
-- SKU × warehouse at the end of a day (as_of), so that a report's opening
-- in the middle of years of moves reads one snapshot and the moves since,
-- not the ledger. Made for every month end by the snapshot builder and at
-- each period close (closed = 1; removed by the reopen). state: building,
-- valid, stale. flows = 1: the month's flows are stored too (a month-end
-- snapshot; below). token: the build's own random mark (its rows are
-- written only while its marker still holds it; ids are never reused).
-- The stock engine marks stale, in the writing transaction,
-- every snapshot on or after the earliest date it wrote a move of
-- (back-dating and recosting change later amounts); reports read only
-- valid ones, and the builder makes stale ones again.
CREATE TABLE stock_snapshots (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  as_of      TEXT NOT NULL,
  state      TEXT NOT NULL,
  closed     SMALLINT NOT NULL DEFAULT 0,
  flows      SMALLINT NOT NULL DEFAULT 0,
  token      TEXT NOT NULL DEFAULT '',
  started_at TIMESTAMP NOT NULL
);
CREATE INDEX stock_snapshots_as_of ON stock_snapshots (as_of, state);

-- A snapshot's stock: the sums of the moves dated on or before as_of per
-- goods × SKU × warehouse (rows with both sums zero are left out).
CREATE TABLE stock_snapshot_rows (
  snapshot_id BIGINT NOT NULL,
  location_id BIGINT NOT NULL,
  goods_id    BIGINT NOT NULL,
  sku_id      BIGINT NOT NULL,
  qty         BIGINT NOT NULL,
  amount      BIGINT NOT NULL,
  PRIMARY KEY (snapshot_id, location_id, goods_id, sku_id)
) WITHOUT ROWID;

-- A month-end snapshot's month: the cost amounts of the moves dated in
-- the month up to as_of, per warehouse, document shop (0: moves of no
-- document, the openings) and kind. Exact under the same stale rule (a
-- changed move is dated in the month of a stale snapshot); the dashboard's
-- cost of sales by month reads them.
CREATE TABLE stock_snapshot_flows (
  snapshot_id BIGINT NOT NULL,
  location_id BIGINT NOT NULL,
  shop_id     BIGINT NOT NULL,
  kind        TEXT NOT NULL,
  amount      BIGINT NOT NULL,
  PRIMARY KEY (snapshot_id, location_id, shop_id, kind)
) WITHOUT ROWID;

-- The period balances of earlier closes become the closes' snapshots.
INSERT INTO stock_snapshots (as_of, state, closed, started_at)
  SELECT close_date, 'valid', 1, created_at FROM period_closes
  WHERE close_date IN (SELECT close_date FROM period_balances);
INSERT INTO stock_snapshot_rows (snapshot_id, location_id, goods_id, sku_id, qty, amount)
  SELECT s.id, b.location_id, b.goods_id, b.sku_id, SUM(b.qty), SUM(b.amount)
  FROM period_balances b JOIN stock_snapshots s ON s.as_of = b.close_date AND s.closed = 1
  GROUP BY s.id, b.location_id, b.goods_id, b.sku_id
  HAVING SUM(b.qty) <> 0 OR SUM(b.amount) <> 0;
DROP TABLE period_balances;
