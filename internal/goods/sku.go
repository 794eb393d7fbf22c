package goods

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/errs"
	"cangshu/internal/server"
	"cangshu/internal/usage"
)

// skuPlan is a checked new SKU: its values' key and name.
type skuPlan struct {
	key, name string
	ids       []int64
}

// skuGroups are the assisting-attribute groups a goods item's SKUs combine.
type skuGroups struct {
	index map[int64]int // group id → position
	names []string
}

type assistValue struct {
	typeID int64
	name   string
}

// loadGroups reads the goods' SKU groups (assist_types of kind 1); an id
// that is not one is reported on its path.
func loadGroups(ctx context.Context, q db.Querier, ids []int64, f *errs.Fields) (skuGroups, error) {
	g := skuGroups{index: map[int64]int{}, names: make([]string, len(ids))}
	if len(ids) == 0 {
		return g, nil
	}
	names, err := db.Map[int64, string](ctx, q, "SELECT id, name FROM assist_types WHERE kind = 1 AND id IN "+db.In(len(ids)), db.Args(ids)...)
	if err != nil {
		return g, fmt.Errorf("check sku groups: %w", err)
	}
	for i, id := range ids {
		name, ok := names[id]
		if !ok {
			f.Add(path("skuTypeIds", i), "err.notFound", errs.A("what", labelSkuType))
		}
		g.index[id] = i
		g.names[i] = name
	}
	return g, nil
}

func loadValues(ctx context.Context, q db.Querier, skus []SKUInput) (map[int64]assistValue, error) {
	var ids []int64
	for _, s := range skus {
		if s.ID == 0 {
			ids = append(ids, s.AssistIDs...)
		}
	}
	out := map[int64]assistValue{}
	if len(ids) == 0 {
		return out, nil
	}
	err := eachRow(ctx, q, func(r *sql.Rows) error {
		var id int64
		var v assistValue
		if err := r.Scan(&id, &v.typeID, &v.name); err != nil {
			return err
		}
		out[id] = v
		return nil
	}, "SELECT id, type_id, name FROM assists WHERE id IN "+db.In(len(ids)), db.Args(ids)...)
	if err != nil {
		return nil, fmt.Errorf("check sku values: %w", err)
	}
	return out, nil
}

// planSKU checks that ids hold exactly one value of each group; prefix is
// the SKU's field path ("skus[1]." or "").
func planSKU(f *errs.Fields, prefix string, ids []int64, g skuGroups, vals map[int64]assistValue) (skuPlan, bool) {
	p := prefix + "assistIds"
	if len(g.names) == 0 {
		f.Add(p, "goods.err.noSkuTypes")
		return skuPlan{}, false
	}
	chosen := make([]int64, len(g.names))
	names := make([]string, len(g.names))
	ok := true
	for _, a := range ids {
		v, found := vals[a]
		if !found {
			f.Add(p, "err.notFound", errs.A("what", labelSkuValue))
			ok = false
			continue
		}
		i, in := g.index[v.typeID]
		if !in {
			f.Add(p, "goods.err.skuValueGroup", errs.A("value", v.name))
			ok = false
			continue
		}
		if chosen[i] != 0 {
			f.Add(p, "goods.err.skuTwoValues", errs.A("group", g.names[i]))
			ok = false
			continue
		}
		chosen[i], names[i] = a, v.name
	}
	for i, c := range chosen {
		if c == 0 && ok {
			f.Add(p, "goods.err.skuMissingGroup", errs.A("group", g.names[i]))
			ok = false
		}
	}
	return skuPlan{key: assistKey(ids), name: strings.Join(names, "/"), ids: ids}, ok
}

// checkSkus checks the SKU groups and the SKUs of an add or update (cur is
// the stored goods, nil on add) and plans the new SKUs by input position.
func checkSkus(ctx context.Context, q db.Querier, cur *Row, in *Input, f *errs.Fields) (map[int]skuPlan, error) {
	existing := map[int64]bool{}
	keys := map[string]bool{}
	if cur != nil {
		for _, s := range cur.Skus {
			existing[s.ID] = true
			keys[s.SkuAssistID] = true
		}
		if len(cur.Skus) > 0 && !sameIDs(cur.SkuTypeIDs, in.SkuTypeIDs) {
			f.Add("skuTypeIds", "goods.err.skuTypesLocked")
		}
		if len(cur.Skus) > 0 && in.IsSerNum == 1 {
			f.Add("isSerNum", "goods.err.serNumSku")
		}
	}
	g, err := loadGroups(ctx, q, in.SkuTypeIDs, f)
	if err != nil {
		return nil, err
	}
	vals, err := loadValues(ctx, q, in.Skus)
	if err != nil {
		return nil, err
	}
	plans := map[int]skuPlan{}
	for i, s := range in.Skus {
		prefix := path("skus", i) + "."
		if s.ID > 0 {
			if !existing[s.ID] {
				f.Add(prefix+"id", "err.notFound", errs.A("what", labelSKU))
			}
			continue
		}
		plan, ok := planSKU(f, prefix, s.AssistIDs, g, vals)
		if !ok {
			continue
		}
		if keys[plan.key] {
			f.Add(prefix+"assistIds", "goods.err.skuDuplicate", errs.A("name", plan.name))
			continue
		}
		keys[plan.key] = true
		plans[i] = plan
	}
	for i, o := range in.Openings {
		if o.SkuID > 0 && !existing[o.SkuID] {
			f.Add(path("openings", i)+".skuId", "err.notFound", errs.A("what", labelSKU))
		}
	}
	return plans, nil
}

// writeSkus adds the planned SKUs and sets the barcodes of listed ones.
func writeSkus(ctx context.Context, tx db.Querier, goodsID int64, skus []SKUInput, plans map[int]skuPlan, now time.Time) error {
	for i, s := range skus {
		if s.ID > 0 {
			if _, err := tx.Exec(ctx, "UPDATE goods_skus SET barcode = ? WHERE id = ? AND goods_id = ?", s.BarCode, s.ID, goodsID); err != nil {
				return fmt.Errorf("sku barcode: %w", err)
			}
			continue
		}
		if _, err := insertSKU(ctx, tx, goodsID, plans[i], s.BarCode, now); err != nil {
			return err
		}
	}
	return nil
}

func insertSKU(ctx context.Context, tx db.Querier, goodsID int64, p skuPlan, barcode string, now time.Time) (int64, error) {
	var id int64
	err := tx.QueryRow(ctx, `INSERT INTO goods_skus (goods_id, assist_ids, name, barcode, disabled, created_at)
		VALUES (?, ?, ?, ?, 0, ?) RETURNING id`, goodsID, p.key, p.name, barcode, now).Scan(&id)
	if db.IsUnique(err) {
		return 0, errs.Conflict("goods.err.skuDuplicate", errs.A("name", p.name))
	}
	if err != nil {
		return 0, fmt.Errorf("add sku: %w", err)
	}
	for _, a := range p.ids {
		if _, err := tx.Exec(ctx, "INSERT INTO goods_sku_values (sku_id, assist_id) VALUES (?, ?)", id, a); err != nil {
			return 0, fmt.Errorf("add sku value: %w", err)
		}
	}
	return id, nil
}

// SKUInput of /api/assistSku/add.
type AddSKUInput struct {
	InvID     int64   `json:"invId"`
	AssistIDs []int64 `json:"assistIds"`
	BarCode   string  `json:"barCode"`
}

// ListSKUs lists the SKUs of a goods item.
func (s *Service) ListSKUs(ctx context.Context, invID int64) ([]SKURow, error) {
	if ok, err := exists(ctx, s.db, "SELECT 1 FROM goods WHERE id = ?", invID); err != nil {
		return nil, err
	} else if !ok {
		return nil, errs.NotFound(labelGoods)
	}
	return db.All(ctx, s.db, func(r *sql.Rows, x *SKURow) error {
		return r.Scan(&x.ID, &x.InvID, &x.SkuAssistID, &x.SkuName, &x.BarCode, &x.Disable)
	}, "SELECT id, goods_id, assist_ids, name, barcode, disabled FROM goods_skus WHERE goods_id = ? ORDER BY id", invID)
}

// AllSKUs is one page of every SKU (by goods, then id): the client's
// preload of the assisting-attribute combinations.
func (s *Service) AllSKUs(ctx context.Context, p server.ListParams) ([]SKURow, int, error) {
	var total int
	if err := s.db.QueryRow(ctx, "SELECT COUNT(*) FROM goods_skus").Scan(&total); err != nil {
		return nil, 0, err
	}
	rows, err := db.All(ctx, s.db, func(r *sql.Rows, x *SKURow) error {
		return r.Scan(&x.ID, &x.InvID, &x.SkuAssistID, &x.SkuName, &x.BarCode, &x.Disable)
	}, "SELECT id, goods_id, assist_ids, name, barcode, disabled FROM goods_skus ORDER BY goods_id, id LIMIT ? OFFSET ?", p.Rows, p.Offset())
	return rows, total, err
}

// AddSKU adds one SKU to a goods item.
func (s *Service) AddSKU(ctx context.Context, in AddSKUInput) (SKURow, error) {
	in.BarCode = strings.TrimSpace(in.BarCode)
	var id int64
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if in.InvID <= 0 {
			return errs.Required("invId", labelGoods)
		}
		cur, err := getRow(ctx, tx, in.InvID, 6)
		if err != nil {
			return err
		}
		var f errs.Fields
		f.Text("barCode", labelBarcode, in.BarCode, false, MaxBarcodeLen)
		if cur.IsSerNum == 1 {
			f.Add("invId", "goods.err.serNumSku")
		}
		g, err := loadGroups(ctx, tx, cur.SkuTypeIDs, &errs.Fields{})
		if err != nil {
			return err
		}
		vals, err := loadValues(ctx, tx, []SKUInput{{AssistIDs: in.AssistIDs}})
		if err != nil {
			return err
		}
		plan, ok := planSKU(&f, "", in.AssistIDs, g, vals)
		if ok {
			for _, x := range cur.Skus {
				if x.SkuAssistID == plan.key {
					f.Add("assistIds", "goods.err.skuDuplicate", errs.A("name", plan.name))
				}
			}
		}
		if err := f.Err(); err != nil {
			return err
		}
		if id, err = insertSKU(ctx, tx, in.InvID, plan, in.BarCode, time.Now().UTC()); err != nil {
			return err
		}
		return refreshCodes(ctx, tx, in.InvID, map[string]string{in.BarCode: "barCode"})
	})
	if err != nil {
		return SKURow{}, errs.Wrap("add sku", err)
	}
	rows, err := s.ListSKUs(ctx, in.InvID)
	if err != nil {
		return SKURow{}, err
	}
	for _, r := range rows {
		if r.ID == id {
			return r, nil
		}
	}
	return SKURow{}, errs.NotFound(labelSKU)
}

// DeleteSKU removes a SKU (of goods invID when > 0) unless a document uses
// it or it has opening stock.
func (s *Service) DeleteSKU(ctx context.Context, invID, skuID int64) error {
	return errs.Wrap("delete sku", s.db.InTx(ctx, func(tx *db.Tx) error {
		var goodsID int64
		if err := tx.QueryRow(ctx, "SELECT goods_id FROM goods_skus WHERE id = ? AND (goods_id = ? OR ? = 0)", skuID, invID, invID).Scan(&goodsID); err != nil {
			return notFound(err, labelSKU)
		}
		if err := s.usage.Check(ctx, tx, usage.SKU, labelSKU, skuID); err != nil {
			return err
		}
		if ok, err := exists(ctx, tx, "SELECT 1 FROM goods_openings WHERE goods_id = ? AND sku_id = ?", goodsID, skuID); err != nil {
			return err
		} else if ok {
			return errs.Conflict("goods.err.skuHasOpening")
		}
		if _, err := tx.Exec(ctx, "DELETE FROM goods_skus WHERE id = ?", skuID); err != nil {
			if db.IsForeignKey(err) {
				return errs.Conflict("err.inUse", errs.A("what", labelSKU))
			}
			return err
		}
		return refreshCodes(ctx, tx, goodsID, nil)
	}))
}
