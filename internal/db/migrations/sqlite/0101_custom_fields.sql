-- Custom fields (自定义字段, docs/basic-data.md "Custom fields"): fields an
-- administrator defines on goods, customers, suppliers and document headers
-- (target goods | customer | supplier | bill), shared by every shop like
-- the master data they extend. The wire code of a field is "f" || id.
-- kind: text | number | date | choice | bool; options: the choices, one
-- per line (choice only).
CREATE TABLE custom_fields (
  id          INTEGER PRIMARY KEY,
  target      TEXT NOT NULL,
  label       TEXT NOT NULL,
  label_en    TEXT NOT NULL DEFAULT '',
  kind        TEXT NOT NULL,
  options     TEXT NOT NULL DEFAULT '',
  required    SMALLINT NOT NULL DEFAULT 0,
  in_list     SMALLINT NOT NULL DEFAULT 0,
  searchable  SMALLINT NOT NULL DEFAULT 0,
  sort        INTEGER NOT NULL DEFAULT 0,
  disabled    SMALLINT NOT NULL DEFAULT 0,
  created_at  TIMESTAMP NOT NULL,
  updated_at  TIMESTAMP NOT NULL
);
CREATE INDEX custom_fields_target ON custom_fields (target, sort, id);

-- One value of one field of one record (row_id: the goods, contact or
-- bill id of the field's target). value is canonical text (a number as
-- its exact decimal, a date YYYY-MM-DD, yes/no 1/0); search is the
-- lower-case search text (search.Text) that matchCon looks in when the
-- field is searchable. A record's values go with it (the owners delete
-- them); a field's with the field.
CREATE TABLE custom_values (
  target   TEXT NOT NULL,
  row_id   BIGINT NOT NULL,
  field_id BIGINT NOT NULL REFERENCES custom_fields (id) ON DELETE CASCADE,
  value    TEXT NOT NULL,
  search   TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (target, row_id, field_id)
);
CREATE INDEX custom_values_field ON custom_values (field_id, row_id);
