-- Opening stock with batches and serial numbers (issue 17, docs/stock.md
-- "Opening stock with batches and serials"): an opening line is per goods,
-- warehouse, SKU and batch ('' = none) with the batch's production and
-- expiry dates; the serials an opening line of serial-managed goods brings
-- into stock are kept beside it.
ALTER TABLE goods_openings ADD COLUMN batch TEXT NOT NULL DEFAULT '';
ALTER TABLE goods_openings ADD COLUMN prod_date TEXT NOT NULL DEFAULT '';
ALTER TABLE goods_openings ADD COLUMN valid_date TEXT NOT NULL DEFAULT '';
ALTER TABLE goods_openings DROP CONSTRAINT goods_openings_goods_id_location_id_sku_id_key;
ALTER TABLE goods_openings ADD CONSTRAINT goods_openings_goods_id_location_id_sku_id_batch_key UNIQUE (goods_id, location_id, sku_id, batch);

CREATE TABLE goods_opening_serials (
  opening_id BIGINT NOT NULL REFERENCES goods_openings (id) ON DELETE CASCADE,
  pos        INTEGER NOT NULL,
  serial     TEXT NOT NULL,
  PRIMARY KEY (opening_id, pos)
);
