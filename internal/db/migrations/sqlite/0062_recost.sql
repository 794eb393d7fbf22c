-- Cost recalculation (重算成本, issue 17): one row per run. status running,
-- done or failed; from_date = the first day replayed (the day after the
-- last close; '' = the whole ledger); total/done = balances to replay and
-- replayed (the progress bar); heartbeat = last progress (a run whose
-- instance died is seen as failed once it is stale).
CREATE TABLE recost_jobs (
  id          INTEGER PRIMARY KEY,
  status      TEXT NOT NULL,
  from_date   TEXT NOT NULL DEFAULT '',
  total       INTEGER NOT NULL DEFAULT 0,
  done        INTEGER NOT NULL DEFAULT 0,
  changed     INTEGER NOT NULL DEFAULT 0,
  error       TEXT NOT NULL DEFAULT '',
  user_id     BIGINT NOT NULL,
  started_at  TIMESTAMP NOT NULL,
  heartbeat   TIMESTAMP NOT NULL,
  finished_at TIMESTAMP
);

-- What a run changed, per balance (goods, SKU, warehouse, batch): the
-- stock value and the cost of what left since from_date, before and after.
CREATE TABLE recost_changes (
  id          INTEGER PRIMARY KEY,
  job_id      BIGINT NOT NULL REFERENCES recost_jobs (id) ON DELETE CASCADE,
  goods_id    BIGINT NOT NULL,
  sku_id      BIGINT NOT NULL DEFAULT 0,
  location_id BIGINT NOT NULL,
  batch       TEXT NOT NULL DEFAULT '',
  qty         BIGINT NOT NULL,
  old_amount  BIGINT NOT NULL,
  new_amount  BIGINT NOT NULL,
  old_out     BIGINT NOT NULL,
  new_out     BIGINT NOT NULL
);
CREATE INDEX recost_changes_job ON recost_changes (job_id);

-- Period balances: the stock of every balance at each close (quantity and
-- value of the moves dated on or before close_date), written by the close
-- and removed by the reopen; reports over later dates start from them.
CREATE TABLE period_balances (
  close_date  TEXT NOT NULL,
  goods_id    BIGINT NOT NULL,
  sku_id      BIGINT NOT NULL DEFAULT 0,
  location_id BIGINT NOT NULL,
  batch       TEXT NOT NULL DEFAULT '',
  qty         BIGINT NOT NULL,
  amount      BIGINT NOT NULL,
  PRIMARY KEY (close_date, goods_id, sku_id, location_id, batch)
);
