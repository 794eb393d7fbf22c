package printtpl

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/errs"
	"cangshu/internal/server"
)

// Service keeps the templates of each shop.
type Service struct{ db *db.DB }

// NewService makes the service.
func NewService(d *db.DB) *Service { return &Service{db: d} }

func shopOf(p *server.Principal) (int64, error) {
	if p == nil || p.ShopID == 0 {
		return 0, errs.Invalid("printtpl.err.noShop")
	}
	return p.ShopID, nil
}

const columns = "id, kind, name, is_default, layout"

func scan(r interface{ Scan(...any) error }) (Template, error) {
	var t Template
	var def int
	var layout string
	if err := r.Scan(&t.ID, &t.Kind, &t.Name, &def, &layout); err != nil {
		return t, err
	}
	t.IsDefault = def == 1
	t.Layout = Builtin()
	if err := json.Unmarshal([]byte(layout), &t.Layout); err != nil {
		return t, fmt.Errorf("template %d layout: %w", t.ID, err)
	}
	return t, nil
}

// List is the templates of the caller's shop (kind "" = every kind).
func (s *Service) List(ctx context.Context, p *server.Principal, kind string) ([]Template, error) {
	shop, err := shopOf(p)
	if err != nil {
		return nil, err
	}
	q, args := "SELECT "+columns+" FROM print_templates WHERE shop_id = ?", []any{shop}
	if kind != "" {
		var f errs.Fields
		if validKind(&f, kind); f.Err() != nil {
			return nil, f.Err()
		}
		q += " AND kind = ?"
		args = append(args, kind)
	}
	rows, err := s.db.Query(ctx, q+" ORDER BY kind, is_default DESC, name", args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Template{}
	for rows.Next() {
		t, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

// Default is the template documents of the kind print with in the caller's
// shop: the default one, else the built-in layout (id 0).
func (s *Service) Default(ctx context.Context, p *server.Principal, kind string) (Template, error) {
	var f errs.Fields
	if validKind(&f, kind); f.Err() != nil {
		return Template{}, f.Err()
	}
	shop, err := shopOf(p)
	if err != nil {
		return Template{}, err
	}
	t, err := scan(s.db.QueryRow(ctx, "SELECT "+columns+" FROM print_templates WHERE shop_id = ? AND kind = ? AND is_default = 1", shop, kind))
	if errors.Is(err, sql.ErrNoRows) {
		return Template{Kind: kind, Layout: Builtin()}, nil
	}
	return t, err
}

// Save adds (no id) or changes a template of the caller's shop; made the
// default, it takes the place of the kind's previous default.
func (s *Service) Save(ctx context.Context, p *server.Principal, in Input) (Template, error) {
	shop, err := shopOf(p)
	if err != nil {
		return Template{}, err
	}
	var f errs.Fields
	in.check(&f)
	if err := f.Err(); err != nil {
		return Template{}, err
	}
	layout, err := json.Marshal(in.Layout)
	if err != nil {
		return Template{}, err
	}
	def := 0
	if in.IsDefault {
		def = 1
	}
	id := in.ID
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if in.IsDefault {
			if _, err := tx.Exec(ctx, "UPDATE print_templates SET is_default = 0 WHERE shop_id = ? AND kind = ? AND id <> ?", shop, in.Kind, in.ID); err != nil {
				return err
			}
		}
		now := time.Now().UTC()
		if id == 0 {
			return tx.QueryRow(ctx, "INSERT INTO print_templates (shop_id, kind, name, is_default, layout, updated_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
				shop, in.Kind, in.Name, def, string(layout), now).Scan(&id)
		}
		res, err := tx.Exec(ctx, "UPDATE print_templates SET kind = ?, name = ?, is_default = ?, layout = ?, updated_at = ? WHERE id = ? AND shop_id = ?",
			in.Kind, in.Name, def, string(layout), now, id, shop)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return errs.NotFound(labelTemplate)
		}
		return nil
	})
	if db.IsUnique(err) {
		return Template{}, errs.Duplicate("name", labelName, in.Name)
	}
	if err != nil {
		return Template{}, errs.Wrap("save print template", err)
	}
	return scan(s.db.QueryRow(ctx, "SELECT "+columns+" FROM print_templates WHERE id = ?", id))
}

// Delete removes a template of the caller's shop.
func (s *Service) Delete(ctx context.Context, p *server.Principal, id int64) error {
	shop, err := shopOf(p)
	if err != nil {
		return err
	}
	res, err := s.db.Exec(ctx, "DELETE FROM print_templates WHERE id = ? AND shop_id = ?", id, shop)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return errs.NotFound(labelTemplate)
	}
	return nil
}

// Routes lists the print template endpoints.
func Routes(s *Service) []server.Route {
	const tag = "printTemplate"
	return []server.Route{
		{Method: "GET", Path: "/api/printTemplate/list", Perm: "settings:printTemplate:query", Tag: tag, H: func(c *server.Ctx) (any, error) {
			return s.List(c.Context(), c.User, c.Query("kind"))
		}},
		{Method: "GET", Path: "/api/printTemplate/default", Perm: "", Tag: tag, H: func(c *server.Ctx) (any, error) {
			return s.Default(c.Context(), c.User, c.Query("kind"))
		}},
		{Method: "POST", Path: "/api/printTemplate/save", Perm: "settings:printTemplate:update", Log: "log.printtpl.save", Tag: tag, H: server.In(func(c *server.Ctx, in Input) (any, error) {
			return s.Save(c.Context(), c.User, in)
		})},
		{Method: "DELETE", Path: "/api/printTemplate/delete", Perm: "settings:printTemplate:update", Log: "log.printtpl.delete", Tag: tag, H: server.QID("id", func(c *server.Ctx, id int64) (any, error) {
			return nil, s.Delete(c.Context(), c.User, id)
		})},
	}
}
