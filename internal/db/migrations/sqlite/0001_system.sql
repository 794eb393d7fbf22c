-- System tables: secrets, shops, departments, users, roles, menus, sessions,
-- sign-in support, dictionaries, notices, operation log, config keys.

CREATE TABLE app_secrets (
  name  TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE shops (
  id         INTEGER PRIMARY KEY,
  code       TEXT NOT NULL UNIQUE,
  name       TEXT NOT NULL UNIQUE,
  address    TEXT NOT NULL DEFAULT '',
  phone      TEXT NOT NULL DEFAULT '',
  remark     TEXT NOT NULL DEFAULT '',
  status     SMALLINT NOT NULL DEFAULT 1,
  sort       INTEGER NOT NULL DEFAULT 0,
  created_at TIMESTAMP NOT NULL,
  updated_at TIMESTAMP NOT NULL
);

CREATE TABLE depts (
  id         INTEGER PRIMARY KEY,
  parent_id  BIGINT NOT NULL DEFAULT 0,
  tree_path  TEXT NOT NULL DEFAULT '0',
  name       TEXT NOT NULL,
  code       TEXT NOT NULL UNIQUE,
  sort       INTEGER NOT NULL DEFAULT 0,
  status     SMALLINT NOT NULL DEFAULT 1,
  created_at TIMESTAMP NOT NULL,
  updated_at TIMESTAMP NOT NULL
);
CREATE INDEX depts_parent ON depts (parent_id);

CREATE TABLE users (
  id                   INTEGER PRIMARY KEY,
  username             TEXT NOT NULL UNIQUE,
  nickname             TEXT NOT NULL DEFAULT '',
  gender               SMALLINT NOT NULL DEFAULT 0,
  password_hash        TEXT NOT NULL,
  dept_id              BIGINT REFERENCES depts (id),
  avatar               TEXT NOT NULL DEFAULT '',
  mobile               TEXT NOT NULL DEFAULT '',
  email                TEXT NOT NULL DEFAULT '',
  status               SMALLINT NOT NULL DEFAULT 1,
  must_change_password SMALLINT NOT NULL DEFAULT 0,
  created_at           TIMESTAMP NOT NULL,
  updated_at           TIMESTAMP NOT NULL
);
CREATE INDEX users_dept ON users (dept_id);

CREATE TABLE roles (
  id         INTEGER PRIMARY KEY,
  name       TEXT NOT NULL UNIQUE,
  code       TEXT NOT NULL UNIQUE,
  sort       INTEGER NOT NULL DEFAULT 0,
  status     SMALLINT NOT NULL DEFAULT 1,
  data_scope SMALLINT NOT NULL DEFAULT 1,
  builtin    SMALLINT NOT NULL DEFAULT 0,
  remark     TEXT NOT NULL DEFAULT '',
  created_at TIMESTAMP NOT NULL,
  updated_at TIMESTAMP NOT NULL
);

CREATE TABLE user_roles (
  user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role_id BIGINT NOT NULL REFERENCES roles (id),
  PRIMARY KEY (user_id, role_id)
);
CREATE INDEX user_roles_role ON user_roles (role_id);

CREATE TABLE menus (
  id          INTEGER PRIMARY KEY,
  parent_id   BIGINT NOT NULL DEFAULT 0,
  tree_path   TEXT NOT NULL DEFAULT '0',
  code        TEXT UNIQUE,
  name        TEXT NOT NULL,
  name_en     TEXT NOT NULL DEFAULT '',
  type        TEXT NOT NULL,
  route_name  TEXT NOT NULL DEFAULT '',
  route_path  TEXT NOT NULL DEFAULT '',
  component   TEXT NOT NULL DEFAULT '',
  perm        TEXT NOT NULL DEFAULT '',
  visible     SMALLINT NOT NULL DEFAULT 1,
  sort        INTEGER NOT NULL DEFAULT 0,
  icon        TEXT NOT NULL DEFAULT '',
  redirect    TEXT NOT NULL DEFAULT '',
  keep_alive  SMALLINT NOT NULL DEFAULT 0,
  always_show SMALLINT NOT NULL DEFAULT 0,
  params      TEXT NOT NULL DEFAULT '',
  created_at  TIMESTAMP NOT NULL,
  updated_at  TIMESTAMP NOT NULL
);
CREATE INDEX menus_parent ON menus (parent_id);

CREATE TABLE role_menus (
  role_id BIGINT NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
  menu_id BIGINT NOT NULL REFERENCES menus (id) ON DELETE CASCADE,
  PRIMARY KEY (role_id, menu_id)
);
CREATE INDEX role_menus_menu ON role_menus (menu_id);

CREATE TABLE user_shops (
  user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  shop_id BIGINT NOT NULL REFERENCES shops (id),
  PRIMARY KEY (user_id, shop_id)
);
CREATE INDEX user_shops_shop ON user_shops (shop_id);

CREATE TABLE sessions (
  id           INTEGER PRIMARY KEY,
  user_id      BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  shop_id      BIGINT REFERENCES shops (id) ON DELETE SET NULL,
  ip           TEXT NOT NULL DEFAULT '',
  user_agent   TEXT NOT NULL DEFAULT '',
  created_at   TIMESTAMP NOT NULL,
  expires_at   TIMESTAMP NOT NULL,
  revoked_at   TIMESTAMP
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE refresh_tokens (
  token_hash TEXT PRIMARY KEY,
  session_id BIGINT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  expires_at TIMESTAMP NOT NULL,
  used_at    TIMESTAMP
);
CREATE INDEX refresh_tokens_session ON refresh_tokens (session_id);

CREATE TABLE captchas (
  captcha_key TEXT PRIMARY KEY,
  answer_hash TEXT NOT NULL,
  expires_at  TIMESTAMP NOT NULL
);

CREATE TABLE login_failures (
  id         INTEGER PRIMARY KEY,
  subject    TEXT NOT NULL,
  created_at TIMESTAMP NOT NULL
);
CREATE INDEX login_failures_subject ON login_failures (subject, created_at);

CREATE TABLE verify_codes (
  id         INTEGER PRIMARY KEY,
  user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  channel    TEXT NOT NULL,
  target     TEXT NOT NULL,
  code_hash  TEXT NOT NULL,
  attempts   INTEGER NOT NULL DEFAULT 0,
  expires_at TIMESTAMP NOT NULL,
  used_at    TIMESTAMP,
  created_at TIMESTAMP NOT NULL
);
CREATE INDEX verify_codes_user ON verify_codes (user_id, channel);

CREATE TABLE dicts (
  id         INTEGER PRIMARY KEY,
  name       TEXT NOT NULL,
  dict_code  TEXT NOT NULL UNIQUE,
  status     SMALLINT NOT NULL DEFAULT 1,
  remark     TEXT NOT NULL DEFAULT '',
  created_at TIMESTAMP NOT NULL,
  updated_at TIMESTAMP NOT NULL
);

CREATE TABLE dict_items (
  id         INTEGER PRIMARY KEY,
  dict_code  TEXT NOT NULL REFERENCES dicts (dict_code) ON UPDATE CASCADE ON DELETE CASCADE,
  value      TEXT NOT NULL,
  label      TEXT NOT NULL,
  tag_type   TEXT NOT NULL DEFAULT '',
  status     SMALLINT NOT NULL DEFAULT 1,
  sort       INTEGER NOT NULL DEFAULT 0,
  remark     TEXT NOT NULL DEFAULT '',
  created_at TIMESTAMP NOT NULL,
  updated_at TIMESTAMP NOT NULL,
  UNIQUE (dict_code, value)
);

CREATE TABLE notices (
  id             INTEGER PRIMARY KEY,
  title          TEXT NOT NULL,
  content        TEXT NOT NULL DEFAULT '',
  type           SMALLINT NOT NULL DEFAULT 1,
  level          TEXT NOT NULL DEFAULT 'L',
  target_type    SMALLINT NOT NULL DEFAULT 1,
  publish_status SMALLINT NOT NULL DEFAULT 0,
  publisher_id   BIGINT REFERENCES users (id) ON DELETE SET NULL,
  publish_time   TIMESTAMP,
  revoke_time    TIMESTAMP,
  created_by     BIGINT REFERENCES users (id) ON DELETE SET NULL,
  created_at     TIMESTAMP NOT NULL,
  updated_at     TIMESTAMP NOT NULL
);

CREATE TABLE notice_targets (
  notice_id BIGINT NOT NULL REFERENCES notices (id) ON DELETE CASCADE,
  user_id   BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (notice_id, user_id)
);
CREATE INDEX notice_targets_user ON notice_targets (user_id);

CREATE TABLE notice_reads (
  notice_id BIGINT NOT NULL REFERENCES notices (id) ON DELETE CASCADE,
  user_id   BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  read_at   TIMESTAMP NOT NULL,
  PRIMARY KEY (notice_id, user_id)
);

CREATE TABLE sys_logs (
  id             INTEGER PRIMARY KEY,
  module         TEXT NOT NULL,
  action         TEXT NOT NULL,
  request_method TEXT NOT NULL,
  request_uri    TEXT NOT NULL,
  params         TEXT NOT NULL DEFAULT '',
  ip             TEXT NOT NULL DEFAULT '',
  browser        TEXT NOT NULL DEFAULT '',
  os             TEXT NOT NULL DEFAULT '',
  status         INTEGER NOT NULL,
  elapsed_ms     BIGINT NOT NULL,
  user_id        BIGINT,
  username       TEXT NOT NULL DEFAULT '',
  shop_id        BIGINT,
  created_at     TIMESTAMP NOT NULL
);
CREATE INDEX sys_logs_created ON sys_logs (created_at);

CREATE TABLE configs (
  id           INTEGER PRIMARY KEY,
  config_name  TEXT NOT NULL,
  config_key   TEXT NOT NULL UNIQUE,
  config_value TEXT NOT NULL DEFAULT '',
  remark       TEXT NOT NULL DEFAULT '',
  builtin      SMALLINT NOT NULL DEFAULT 0,
  created_at   TIMESTAMP NOT NULL,
  updated_at   TIMESTAMP NOT NULL
);
