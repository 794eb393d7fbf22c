-- Warehouse screens (issue 14).
-- The area's menus move from /storage to the seed's /warehouse: codes,
-- route names, paths, views and permissions (storage:* -> warehouse:*);
-- other stock-in is entered at warehouse_detail, other stock-out at
-- exWarehouse_detail, assembly and disassembly share combination_detail.
-- Rows keep their ids, so role grants follow.
DELETE FROM role_menus WHERE menu_id IN (SELECT id FROM menus WHERE code = 'storage.disassemble_detail');
DELETE FROM menus WHERE code = 'storage.disassemble_detail';
UPDATE menus SET code = 'storage.warehouse_detail', route_path = 'warehouse_detail', component = 'storage/warehouse_detail'
  WHERE code = 'storage.otherIn_detail';
UPDATE menus SET code = 'storage.exWarehouse_detail', route_path = 'exWarehouse_detail', component = 'storage/exWarehouse_detail'
  WHERE code = 'storage.otherOut_detail';
UPDATE menus SET code = 'storage.combination_detail', route_path = 'combination_detail', component = 'storage/combination_detail',
  name = '录入组装拆卸单', name_en = 'Record an assembly or disassembly'
  WHERE code = 'storage.assemble_detail';
UPDATE menus SET code = 'warehouse', route_path = '/warehouse' WHERE code = 'storage' AND type = 'CATALOG';
UPDATE menus SET code = 'warehouse.' || SUBSTR(code, 9) WHERE code LIKE 'storage.%';
UPDATE menus SET route_name = code WHERE type <> 'BUTTON' AND code LIKE 'warehouse%' AND route_name LIKE 'storage%';
UPDATE menus SET component = 'warehouse/' || SUBSTR(component, 9) WHERE component LIKE 'storage/%';
UPDATE menus SET perm = 'warehouse:' || SUBSTR(perm, 9) WHERE perm LIKE 'storage:%';

-- Combination templates (组合模板): a product and the parts one unit of it
-- takes (quantities per 1 product, in the line's unit). Master-like data,
-- shared by the shops. Applying one to an assembly or disassembly scales
-- the parts to the product quantity.
CREATE TABLE combination_templates (
  id          INTEGER PRIMARY KEY,
  name        TEXT NOT NULL UNIQUE,
  goods_id    BIGINT NOT NULL REFERENCES goods (id),
  sku_id      BIGINT NOT NULL DEFAULT 0,
  unit_id     BIGINT REFERENCES units (id),
  description TEXT NOT NULL DEFAULT '',
  version     BIGINT NOT NULL DEFAULT 1,
  created_at  TIMESTAMP NOT NULL,
  updated_at  TIMESTAMP NOT NULL
);
CREATE INDEX combination_templates_goods ON combination_templates (goods_id);
CREATE TABLE combination_template_parts (
  id          INTEGER PRIMARY KEY,
  template_id BIGINT NOT NULL REFERENCES combination_templates (id) ON DELETE CASCADE,
  line_no     INTEGER NOT NULL,
  goods_id    BIGINT NOT NULL REFERENCES goods (id),
  sku_id      BIGINT NOT NULL DEFAULT 0,
  unit_id     BIGINT REFERENCES units (id),
  qty         BIGINT NOT NULL
);
CREATE INDEX combination_template_parts_template ON combination_template_parts (template_id, line_no);
CREATE INDEX combination_template_parts_goods ON combination_template_parts (goods_id);
