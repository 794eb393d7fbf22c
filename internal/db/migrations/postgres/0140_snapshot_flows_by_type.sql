-- A month-end snapshot's month keeps, beside the cost amounts, the
-- quantities and each direction (dir: 1 in, -1 out: a move that takes
-- quantity, or only value) and document type (trans_type, 0: no document)
-- apart, so that deliverSummary's in and out totals of whole months read
-- them instead of the month's moves (docs/stock.md "Snapshots").
DROP TABLE stock_snapshot_flows;
CREATE TABLE stock_snapshot_flows (
  snapshot_id BIGINT NOT NULL,
  location_id BIGINT NOT NULL,
  shop_id     BIGINT NOT NULL,
  kind        TEXT NOT NULL,
  dir         SMALLINT NOT NULL,
  trans_type  BIGINT NOT NULL,
  qty         BIGINT NOT NULL,
  amount      BIGINT NOT NULL,
  PRIMARY KEY (snapshot_id, location_id, shop_id, kind, dir, trans_type)
);
-- The flows of earlier snapshots are gone: the month ends are made again
-- by the builder; a closed period's snapshot keeps its rows, and its
-- month is read from the moves.
UPDATE stock_snapshots SET flows = 0;
UPDATE stock_snapshots SET state = 'stale' WHERE closed = 0;
