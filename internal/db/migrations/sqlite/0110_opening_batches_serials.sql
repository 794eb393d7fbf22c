-- Opening stock with batches and serial numbers (issue 17, docs/stock.md
-- "Opening stock with batches and serials"): an opening line is per goods,
-- warehouse, SKU and batch ('' = none) with the batch's production and
-- expiry dates; the serials an opening line of serial-managed goods brings
-- into stock are kept beside it. SQLite cannot change a UNIQUE constraint:
-- the table is rebuilt (nothing refers to it by a foreign key).
CREATE TABLE goods_openings_new (
  id          INTEGER PRIMARY KEY,
  goods_id    BIGINT NOT NULL REFERENCES goods (id) ON DELETE CASCADE,
  location_id BIGINT NOT NULL REFERENCES locations (id),
  sku_id      BIGINT NOT NULL DEFAULT 0,
  batch       TEXT NOT NULL DEFAULT '',
  prod_date   TEXT NOT NULL DEFAULT '',
  valid_date  TEXT NOT NULL DEFAULT '',
  qty         BIGINT NOT NULL,
  unit_cost   BIGINT NOT NULL,
  amount      BIGINT NOT NULL,
  UNIQUE (goods_id, location_id, sku_id, batch)
);
INSERT INTO goods_openings_new (id, goods_id, location_id, sku_id, qty, unit_cost, amount)
  SELECT id, goods_id, location_id, sku_id, qty, unit_cost, amount FROM goods_openings;
DROP TABLE goods_openings;
ALTER TABLE goods_openings_new RENAME TO goods_openings;
CREATE INDEX goods_openings_location ON goods_openings (location_id);

CREATE TABLE goods_opening_serials (
  opening_id BIGINT NOT NULL REFERENCES goods_openings (id) ON DELETE CASCADE,
  pos        INTEGER NOT NULL,
  serial     TEXT NOT NULL,
  PRIMARY KEY (opening_id, pos)
);
