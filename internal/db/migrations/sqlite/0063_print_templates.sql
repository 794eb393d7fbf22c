-- Print templates (打印模板, issue 17), per shop and document kind (kind =
-- the resource name: sales, purchase …). layout is the template as JSON
-- (title, header lines, columns, paper, lines per page, amount in Chinese
-- capitals, signature lines); is_default 1 = the one documents print with
-- (at most one per shop and kind; none: the built-in layout).
CREATE TABLE print_templates (
  id         INTEGER PRIMARY KEY,
  shop_id    BIGINT NOT NULL REFERENCES shops (id) ON DELETE CASCADE,
  kind       TEXT NOT NULL,
  name       TEXT NOT NULL,
  is_default SMALLINT NOT NULL DEFAULT 0,
  layout     TEXT NOT NULL,
  updated_at TIMESTAMP NOT NULL,
  UNIQUE (shop_id, kind, name)
);
