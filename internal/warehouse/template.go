package warehouse

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"cangshu/internal/db"
	"cangshu/internal/dec"
	"cangshu/internal/errs"
	"cangshu/internal/server"
	"cangshu/internal/sysparam"
)

// Combination templates (组合模板): a product and the parts one unit of it
// takes. Saved with any product quantity, they are kept per 1 product: each
// part's quantity is divided by the product's (rounded half-up to qtyPlaces;
// a part that would round to 0 is refused). Applying one to an assembly or
// disassembly of q products gives the product line q and each part its
// quantity × q, rounded half-up to qtyPlaces. Master-like data: shared by
// the shops, like goods.

// MaxTemplateParts is the most parts of a template.
const MaxTemplateParts = 200

const (
	labelTemplateName errs.Key = "combination.template.field.name"
	labelPartQty      errs.Key = "combination.template.field.partQty"
	labelProductQty   errs.Key = "combination.template.field.productQty"
	labelUnit         errs.Key = "bill.field.unitId"
	labelSku          errs.Key = "bill.field.skuId"
)

// TemplateInput is a template as added or updated (id and version to update).
type TemplateInput struct {
	ID          int64               `json:"id"`
	Version     int64               `json:"version"`
	Name        string              `json:"name"`
	InvID       int64               `json:"invId"`
	SkuID       int64               `json:"skuId"`
	UnitID      int64               `json:"unitId"`
	Qty         *dec.Dec            `json:"qty"`
	Description string              `json:"description"`
	Entries     []TemplatePartInput `json:"entries"`
}

// TemplatePartInput is a part of a template as entered (its quantity for
// the input's product quantity).
type TemplatePartInput struct {
	InvID  int64   `json:"invId"`
	SkuID  int64   `json:"skuId"`
	UnitID int64   `json:"unitId"`
	Qty    dec.Dec `json:"qty"`
}

// Template is a template as answered: the product's quantity is 1, the
// parts' per 1 product.
type Template struct {
	ID          int64          `json:"id"`
	Name        string         `json:"name"`
	InvID       int64          `json:"invId"`
	InvNumber   string         `json:"invNumber"`
	InvName     string         `json:"invName"`
	SkuID       int64          `json:"skuId"`
	UnitID      int64          `json:"unitId"`
	UnitName    string         `json:"unitName"`
	Qty         dec.Dec        `json:"qty"`
	Description string         `json:"description"`
	Version     int64          `json:"version"`
	Entries     []TemplatePart `json:"entries"`
}

// TemplatePart is a part of a template, per 1 product.
type TemplatePart struct {
	InvID     int64   `json:"invId"`
	InvNumber string  `json:"invNumber"`
	InvName   string  `json:"invName"`
	SkuID     int64   `json:"skuId"`
	UnitID    int64   `json:"unitId"`
	UnitName  string  `json:"unitName"`
	Qty       dec.Dec `json:"qty"`
}

// ApplyLine is a line of a combination made from a template.
type ApplyLine struct {
	EntryType int     `json:"entryType"`
	InvID     int64   `json:"invId"`
	SkuID     int64   `json:"skuId"`
	UnitID    int64   `json:"unitId"`
	Qty       dec.Dec `json:"qty"`
}

// templateRow is a checked template as stored.
type templateRow struct {
	id, goodsID, skuID, unitID int64
	name, description          string
	parts                      []templatePartRow
}

type templatePartRow struct {
	goodsID, skuID, unitID int64
	qty                    dec.Dec
}

// Templates lists the templates (matchCon: name, product number or name),
// with their parts.
func (s *Service) Templates(ctx context.Context, match string) (map[string]any, error) {
	list, err := listTemplates(ctx, s.db, strings.TrimSpace(match), 0)
	if err != nil {
		return nil, err
	}
	if list == nil {
		list = []Template{}
	}
	return map[string]any{"items": list, "totalsize": len(list)}, nil
}

// TemplateByID is one template.
func (s *Service) TemplateByID(ctx context.Context, id int64) (Template, error) {
	list, err := listTemplates(ctx, s.db, "", id)
	if err != nil {
		return Template{}, err
	}
	if len(list) == 0 {
		return Template{}, errs.NotFound("combination.template.entity")
	}
	return list[0], nil
}

// SaveTemplate adds or updates a template (update: 409 when stale).
func (s *Service) SaveTemplate(ctx context.Context, in TemplateInput, update bool) (Template, error) {
	var id int64
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		sys, err := sysparam.ReadSystem(ctx, tx)
		if err != nil {
			return err
		}
		row, err := checkTemplate(ctx, tx, sys.QtyPlaces, in)
		if err != nil {
			return err
		}
		if update {
			if in.ID <= 0 {
				return errs.Required("id", "field.id")
			}
			row.id = in.ID
			ok, err := updateTemplate(ctx, tx, row, in.Version)
			if db.IsUnique(err) {
				return errs.Duplicate("name", labelTemplateName, row.name)
			}
			if err != nil {
				return err
			}
			if !ok {
				if _, err := templateExists(ctx, tx, in.ID); err != nil {
					return err
				}
				return errs.Conflict("err.stale")
			}
		} else {
			row.id, err = insertTemplate(ctx, tx, row)
			if db.IsUnique(err) {
				return errs.Duplicate("name", labelTemplateName, row.name)
			}
			if err != nil {
				return err
			}
		}
		id = row.id
		return writeTemplateParts(ctx, tx, row)
	})
	if err != nil {
		return Template{}, errs.Wrap("save combination template", err)
	}
	return s.TemplateByID(ctx, id)
}

// DeleteTemplate deletes one template.
func (s *Service) DeleteTemplate(ctx context.Context, id int64) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		if _, err := templateExists(ctx, tx, id); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, "DELETE FROM combination_templates WHERE id = ?", id)
		return errs.Wrap(fmt.Sprintf("delete combination template %d", id), err)
	})
}

// ApplyTemplate is the lines of a combination of qty products made from
// template id: the product line (entryType 1) and the parts (entryType 2)
// scaled to qty, rounded half-up to qtyPlaces.
func (s *Service) ApplyTemplate(ctx context.Context, id int64, qty dec.Dec) ([]ApplyLine, error) {
	sys, err := sysparam.ReadSystem(ctx, s.db)
	if err != nil {
		return nil, err
	}
	var f errs.Fields
	checkPositive(&f, "qty", labelProductQty, qty, sys.QtyPlaces)
	if err := f.Err(); err != nil {
		return nil, err
	}
	t, err := s.TemplateByID(ctx, id)
	if err != nil {
		return nil, err
	}
	return ScaleTemplate(t, qty, sys.QtyPlaces), nil
}

// ScaleTemplate is the lines of qty products of template t: each part's
// quantity per product × qty, rounded half-up to places.
func ScaleTemplate(t Template, qty dec.Dec, places int) []ApplyLine {
	out := []ApplyLine{{EntryType: 1, InvID: t.InvID, SkuID: t.SkuID, UnitID: t.UnitID, Qty: qty}}
	for _, p := range t.Entries {
		out = append(out, ApplyLine{EntryType: 2, InvID: p.InvID, SkuID: p.SkuID, UnitID: p.UnitID, Qty: p.Qty.Mul(qty).Round(places)})
	}
	return out
}

// checkPositive checks 0 < v ≤ MaxQty with at most places decimals.
func checkPositive(f *errs.Fields, path string, label errs.Key, v dec.Dec, places int) {
	if v.Sign() <= 0 {
		f.Add(path, "bill.err.qtyPositive", errs.A("field", label))
		return
	}
	dec.Check(f, path, label, v, places, dec.Zero, dec.MaxQty)
}

// checkTemplate validates a template and normalises its parts to 1 product.
func checkTemplate(ctx context.Context, q db.Querier, places int, in TemplateInput) (templateRow, error) {
	var f errs.Fields
	row := templateRow{name: strings.TrimSpace(in.Name), description: strings.TrimSpace(in.Description),
		goodsID: in.InvID, skuID: in.SkuID, unitID: in.UnitID}
	f.Text("name", labelTemplateName, row.name, true, 100)
	f.Text("description", labelDesc, row.description, false, 500)
	productQty := dec.FromInt(1) // not given: the parts are per 1 product
	if in.Qty != nil {
		productQty = *in.Qty
	}
	checkPositive(&f, "qty", labelProductQty, productQty, places)
	if len(in.Entries) == 0 {
		f.Add("entries", "combination.template.err.noParts")
	}
	if len(in.Entries) > MaxTemplateParts {
		f.Add("entries", "bill.err.tooManyLines", errs.A("max", MaxTemplateParts))
		return row, f.Err()
	}
	if err := checkGoodsLine(ctx, q, &f, "", in.InvID, in.SkuID, &row.unitID); err != nil {
		return row, err
	}
	seen := map[[2]int64]int{}
	for i, p := range in.Entries {
		path := fmt.Sprintf("entries[%d].", i)
		part := templatePartRow{goodsID: p.InvID, skuID: p.SkuID, unitID: p.UnitID}
		if err := checkGoodsLine(ctx, q, &f, path, p.InvID, p.SkuID, &part.unitID); err != nil {
			return row, err
		}
		if p.InvID > 0 && p.InvID == in.InvID && p.SkuID == in.SkuID {
			f.Add(path+"invId", "combination.template.err.partIsProduct")
		}
		k := [2]int64{p.InvID, p.SkuID}
		if first, dup := seen[k]; dup && p.InvID > 0 {
			f.Add(path+"invId", "combination.template.err.duplicate", errs.A("line", i+1), errs.A("first", first))
		}
		seen[k] = i + 1
		checkPositive(&f, path+"qty", labelPartQty, p.Qty, places)
		if p.Qty.Sign() > 0 && productQty.Sign() > 0 {
			part.qty = p.Qty.Div(productQty).Round(places)
			if part.qty.Sign() == 0 {
				f.Add(path+"qty", "combination.template.err.partTooSmall", errs.A("places", places))
			}
		}
		row.parts = append(row.parts, part)
	}
	return row, f.Err()
}

// checkGoodsLine checks a line's goods, SKU (of the goods) and unit (of the
// goods' units; 0: the goods' base unit, written back).
func checkGoodsLine(ctx context.Context, q db.Querier, f *errs.Fields, path string, goodsID, skuID int64, unitID *int64) error {
	if goodsID <= 0 {
		f.Required(path+"invId", labelGoods)
		return nil
	}
	var base, group int64
	err := q.QueryRow(ctx, "SELECT unit_id, COALESCE(unit_type_id, 0) FROM goods WHERE id = ?", goodsID).Scan(&base, &group)
	if errors.Is(err, sql.ErrNoRows) {
		f.Add(path+"invId", "err.notFound", errs.A("what", labelGoods))
		return nil
	}
	if err != nil {
		return fmt.Errorf("goods %d: %w", goodsID, err)
	}
	if skuID != 0 {
		var n int
		if err := q.QueryRow(ctx, "SELECT COUNT(*) FROM goods_skus WHERE id = ? AND goods_id = ?", skuID, goodsID).Scan(&n); err != nil {
			return fmt.Errorf("sku %d: %w", skuID, err)
		}
		if n == 0 {
			f.Add(path+"skuId", "err.notFound", errs.A("what", labelSku))
		}
	}
	if *unitID == 0 {
		*unitID = base
		return nil
	}
	var n int
	if err := q.QueryRow(ctx, "SELECT COUNT(*) FROM units WHERE id = ? AND (id = ? OR (? <> 0 AND unit_type_id = ?))",
		*unitID, base, group, group).Scan(&n); err != nil {
		return fmt.Errorf("unit %d: %w", *unitID, err)
	}
	if n == 0 {
		f.Add(path+"unitId", "err.notFound", errs.A("what", labelUnit))
	}
	return nil
}

// templateRoutes are /api/combination/templates: list, apply, add, update,
// delete, with the combination's permissions.
func templateRoutes(s *Service) []server.Route {
	const p, tag = "/api/combination/templates", "combination"
	return []server.Route{
		{Method: "GET", Path: p + "/list", Perm: "warehouse:combination:query", Tag: tag,
			H: func(c *server.Ctx) (any, error) { return s.Templates(c.Context(), c.Query("matchCon")) }},
		{Method: "GET", Path: p + "/query", Perm: "warehouse:combination:query", Tag: tag, H: server.QID("id", func(c *server.Ctx, id int64) (any, error) { return s.TemplateByID(c.Context(), id) })},
		{Method: "GET", Path: p + "/apply", Perm: "warehouse:combination:query", Tag: tag,
			H: server.QID("id", func(c *server.Ctx, id int64) (any, error) {
				qty := dec.FromInt(1)
				if v := c.Query("qty"); v != "" {
					var err error
					if qty, err = dec.Parse(v); err != nil {
						return nil, errs.Field("qty", "err.badParam", errs.A("name", "qty"))
					}
				}
				return s.ApplyTemplate(c.Context(), id, qty)
			})},
		{Method: "POST", Path: p + "/add", Perm: "warehouse:combination:add", Log: "log.combination.template.add", Tag: tag,
			H: server.In(func(c *server.Ctx, in TemplateInput) (any, error) { return s.SaveTemplate(c.Context(), in, false) })},
		{Method: "POST", Path: p + "/update", Perm: "warehouse:combination:update", Log: "log.combination.template.update", Tag: tag,
			H: server.In(func(c *server.Ctx, in TemplateInput) (any, error) { return s.SaveTemplate(c.Context(), in, true) })},
		{Method: "DELETE", Path: p + "/delete", Perm: "warehouse:combination:delete", Log: "log.combination.template.delete", Tag: tag,
			H: server.QIDs("id", func(c *server.Ctx, ids []int64) (any, error) {
				return c.Batch(ids, func(id int64) error { return s.DeleteTemplate(c.Context(), id) }), nil
			})},
	}
}
