-- Serial numbers (issue 6, docs/stock.md "Serial numbers"). One row per
-- goods and serial ever received: where it is now (in_stock 1 and its
-- warehouse) and the document that last moved it. The unique index makes
-- "a serial exists at most once in stock" a database rule: a receipt
-- inserts the row or flips an out-of-stock row back in with a conditional
-- upsert, a delivery flips it out with a conditional update, so two
-- documents moving one serial at the same time serialise on its row and
-- the second finds it already moved.
CREATE TABLE serials (
  id           INTEGER PRIMARY KEY,
  goods_id     BIGINT NOT NULL REFERENCES goods (id),
  serial       TEXT NOT NULL,
  in_stock     SMALLINT NOT NULL DEFAULT 0,
  location_id  BIGINT REFERENCES locations (id),
  last_bill_id BIGINT REFERENCES bills (id),
  last_kind    TEXT NOT NULL DEFAULT '',
  last_date    TEXT NOT NULL DEFAULT '',
  updated_at   TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX serials_goods_serial ON serials (goods_id, serial);
CREATE INDEX serials_location ON serials (location_id, goods_id);
CREATE INDEX serials_last_bill ON serials (last_bill_id);

-- The history of each serial: one row per audited document line moving it
-- (direction +1 in, -1 out); un-audit deletes the document's rows and puts
-- the serial back where its previous move left it.
CREATE TABLE serial_moves (
  id          INTEGER PRIMARY KEY,
  serial_id   BIGINT NOT NULL REFERENCES serials (id),
  bill_id     BIGINT NOT NULL REFERENCES bills (id),
  entry_id    BIGINT NOT NULL REFERENCES bill_entries (id),
  kind        TEXT NOT NULL,
  direction   SMALLINT NOT NULL,
  location_id BIGINT NOT NULL REFERENCES locations (id),
  move_date   TEXT NOT NULL,
  created_at  TIMESTAMP NOT NULL
);
CREATE INDEX serial_moves_serial ON serial_moves (serial_id, id);
CREATE INDEX serial_moves_bill ON serial_moves (bill_id);
CREATE INDEX serial_moves_entry ON serial_moves (entry_id);
CREATE INDEX serial_moves_location ON serial_moves (location_id);

-- The serials a document line names (drafts too), in the order entered.
CREATE TABLE bill_entry_serials (
  entry_id BIGINT NOT NULL REFERENCES bill_entries (id) ON DELETE CASCADE,
  pos      INTEGER NOT NULL,
  serial   TEXT NOT NULL,
  PRIMARY KEY (entry_id, pos)
);
