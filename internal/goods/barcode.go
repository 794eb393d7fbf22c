package goods

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"cangshu/internal/db"
	"cangshu/internal/dec"
	"cangshu/internal/errs"
	"cangshu/internal/search"
)

// code is one barcode of a goods item: of its base unit (unit 0, sku 0),
// of one of its other units, or of one of its SKUs.
type code struct {
	code   string
	unitID int64
	skuID  int64
}

// inputPaths maps the barcodes an input carries to their field paths, so
// that a taken barcode is reported where the user typed it.
func inputPaths(in *Input) map[string]string {
	m := map[string]string{}
	add := func(c, p string) {
		if _, ok := m[c]; c != "" && !ok {
			m[c] = p
		}
	}
	add(in.BarCode, "barCode")
	for i, u := range in.Units {
		add(u.BarCode, path("units", i)+".barCode")
	}
	for i, s := range in.Skus {
		add(s.BarCode, path("skus", i)+".barCode")
	}
	return m
}

// refreshCodes rewrites a goods item's barcode index and search text from
// what is stored (goods, goods_units, goods_skus): every barcode must be
// unique across all goods, units and SKUs; a taken one is a 409 naming the
// goods that has it.
func refreshCodes(ctx context.Context, tx db.Querier, goodsID int64, paths map[string]string) error {
	var number, name, spec, base string
	var unitType sql.NullInt64
	if err := tx.QueryRow(ctx, "SELECT number, name, spec, barcode, unit_type_id FROM goods WHERE id = ?", goodsID).
		Scan(&number, &name, &spec, &base, &unitType); err != nil {
		return notFound(err, labelGoods)
	}
	codes := []code{}
	if base != "" {
		codes = append(codes, code{code: base})
	}
	err := eachRow(ctx, tx, func(r *sql.Rows) error {
		var c code
		if err := r.Scan(&c.code, &c.unitID, &c.skuID); err != nil {
			return err
		}
		codes = append(codes, c)
		return nil
	}, `SELECT barcode, unit_id, 0 FROM goods_units WHERE goods_id = ? AND barcode <> ''
		UNION ALL SELECT barcode, 0, id FROM goods_skus WHERE goods_id = ? AND barcode <> ''`, goodsID, goodsID)
	if err != nil {
		return fmt.Errorf("barcodes of goods %d: %w", goodsID, err)
	}
	pathOf := func(c string) string {
		if p, ok := paths[c]; ok {
			return p
		}
		return "barCode"
	}
	seen := map[string]bool{}
	list := make([]string, 0, len(codes))
	for _, c := range codes {
		if seen[c.code] {
			return barcodeTaken(pathOf(c.code), c.code, number+" "+name)
		}
		seen[c.code] = true
		list = append(list, c.code)
	}
	if len(list) > 0 {
		var taken, owner string
		err := tx.QueryRow(ctx, `SELECT b.code, g.number || ' ' || g.name FROM barcodes b JOIN goods g ON g.id = b.goods_id
			WHERE b.goods_id <> ? AND b.code IN `+db.In(len(list))+" LIMIT 1", append([]any{goodsID}, db.Args(list)...)...).Scan(&taken, &owner)
		if err == nil {
			return barcodeTaken(pathOf(taken), taken, owner)
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("check barcodes: %w", err)
		}
	}
	if _, err := tx.Exec(ctx, "DELETE FROM barcodes WHERE goods_id = ?", goodsID); err != nil {
		return err
	}
	for _, c := range codes {
		if _, err := tx.Exec(ctx, "INSERT INTO barcodes (code, goods_id, unit_id, sku_id) VALUES (?, ?, ?, ?)",
			c.code, goodsID, db.NullID(c.unitID), db.NullID(c.skuID)); err != nil {
			if db.IsUnique(err) {
				return barcodeTaken(pathOf(c.code), c.code, "")
			}
			return err
		}
	}
	_, err = tx.Exec(ctx, "UPDATE goods SET search = ? WHERE id = ?", searchText(number, name, spec, list), goodsID)
	return err
}

// searchText is what matchCon looks in: number, name, spec and every barcode.
func searchText(number, name, spec string, codes []string) string {
	return search.Text(append([]string{number, name, spec}, codes...)...)
}

func barcodeTaken(path, c, owner string) error {
	e := errs.Conflict("goods.err.barcodeTaken", errs.A("code", c), errs.A("goods", strings.TrimSpace(owner)))
	e.Fields = []errs.FieldError{{Path: path, Key: e.Key, Args: e.Args}}
	return e
}

// Scanned is what a barcode names: the goods item, its unit (with that
// unit's prices) and SKU.
type Scanned struct {
	InvID    int64   `json:"invId"`
	Number   string  `json:"number"`
	Name     string  `json:"name"`
	Spec     string  `json:"spec"`
	UnitID   int64   `json:"unitId"`
	UnitName string  `json:"unitName"`
	Rate     dec.Dec `json:"rate"`
	SkuID    int64   `json:"skuId"`
	SkuName  string  `json:"skuName"`
	Prices
}

// BarCode finds the goods, unit and SKU a scanned code names (404 when none).
func (s *Service) BarCode(ctx context.Context, c string) (Scanned, error) {
	c = strings.TrimSpace(c)
	if c == "" {
		return Scanned{}, errs.Required("barCode", labelBarcode)
	}
	var goodsID, unitID, skuID int64
	err := s.db.QueryRow(ctx, "SELECT goods_id, COALESCE(unit_id, 0), COALESCE(sku_id, 0) FROM barcodes WHERE code = ?", c).
		Scan(&goodsID, &unitID, &skuID)
	if err != nil {
		return Scanned{}, notFound(err, labelBarcode)
	}
	d, err := s.Get(ctx, nil, goodsID) // units only
	if err != nil {
		return Scanned{}, err
	}
	out := Scanned{InvID: d.ID, Number: d.Number, Name: d.Name, Spec: d.Spec}
	u := d.Units[0]
	for _, x := range d.Units {
		if x.UnitID == unitID {
			u = x
		}
	}
	out.UnitID, out.UnitName, out.Rate, out.Prices = u.UnitID, u.UnitName, u.Rate, u.Prices
	for _, k := range d.Skus {
		if k.ID == skuID {
			out.SkuID, out.SkuName = k.ID, k.SkuName
		}
	}
	return out, nil
}
