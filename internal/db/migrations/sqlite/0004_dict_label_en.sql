-- Dictionaries: an English label per item (the label column holds zh-CN),
-- built-in dictionaries that the application needs (not deletable, code fixed),
-- and an index for the operation log pages scoped by shop.

ALTER TABLE dict_items ADD COLUMN label_en TEXT NOT NULL DEFAULT '';
ALTER TABLE dicts ADD COLUMN builtin SMALLINT NOT NULL DEFAULT 0;
CREATE INDEX sys_logs_shop_created ON sys_logs (shop_id, created_at);
