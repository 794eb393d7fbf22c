package goods

// The price list (价格管理): every goods item's four prices in each of its
// units and its two discount rates, a page at a time, changed in place or
// through Excel. It writes nothing else of a goods item. A unit of the group
// without prices of its own shows the base prices times its rate (as
// documents propose them); once a price of it is saved it has its own.

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/dec"
	"cangshu/internal/errs"
	"cangshu/internal/i18n"
	"cangshu/internal/server"
	"cangshu/internal/sheet"
	"cangshu/internal/sysparam"
)

// MaxPriceRows is the most rows (goods × unit) one save or one file may change.
const MaxPriceRows = 20000

// PriceGoods is one goods item of the price list; Units[0] is its base unit.
type PriceGoods struct {
	InvID         int64   `json:"invId"`
	Number        string  `json:"number"`
	Name          string  `json:"name"`
	Spec          string  `json:"spec"`
	CategoryName  string  `json:"categoryName"`
	Disable       int     `json:"disable"`
	DiscountRate1 dec.Dec `json:"discountRate1"`
	DiscountRate2 dec.Dec `json:"discountRate2"`
	Units         []Unit  `json:"units"`
}

// PriceInput is the new prices of one goods item in one unit. The discount
// rates belong to the goods item: given on its base unit's row only (absent
// keeps them).
type PriceInput struct {
	InvID          int64    `json:"invId"`
	UnitID         int64    `json:"unitId"`
	PurPrice       dec.Dec  `json:"purPrice"`
	SalePrice      dec.Dec  `json:"salePrice"`
	WholesalePrice dec.Dec  `json:"wholesalePrice"`
	VipPrice       dec.Dec  `json:"vipPrice"`
	DiscountRate1  *dec.Dec `json:"discountRate1"`
	DiscountRate2  *dec.Dec `json:"discountRate2"`
}

// PricesInput is the body of a price list save: the changed rows, all
// written or none.
type PricesInput struct {
	Rows []PriceInput `json:"rows"`
}

// PriceList is one page of the price list (the goods list's filters).
func (s *Service) PriceList(ctx context.Context, p server.ListParams, lq ListQuery) (server.ListPage[PriceGoods], error) {
	order, err := p.OrderBy(sortFields, "g.number")
	if err != nil {
		return server.ListPage[PriceGoods]{}, err
	}
	f := priceFilter(p, lq)
	n, err := countRows(ctx, s.db, f)
	if err != nil {
		return server.ListPage[PriceGoods]{}, fmt.Errorf("count price list: %w", err)
	}
	var out []PriceGoods
	if n > p.Offset() {
		rows, err := s.priceRows(ctx, f, order, p.Rows, p.Offset())
		if err != nil {
			return server.ListPage[PriceGoods]{}, err
		}
		out = make([]PriceGoods, len(rows))
		for i, r := range rows {
			out[i] = priceGoods(r)
		}
	}
	return server.NewListPage(p, out, n), nil
}

// priceFilter is the goods list's filter without its warehouse (prices
// are not per warehouse).
func priceFilter(p server.ListParams, lq ListQuery) listFilter {
	return listFilter{categoryID: lq.CategoryID, match: p.MatchCon, enabledOnly: lq.EnabledOnly, skuTypeID: lq.SkuTypeID}
}

func (s *Service) priceRows(ctx context.Context, f listFilter, order string, limit, offset int) ([]Row, error) {
	sys, err := sysparam.ReadSystem(ctx, s.db)
	if err != nil {
		return nil, err
	}
	rows, err := listRows(ctx, s.db, f, order+", g.id", limit, offset)
	if err != nil {
		return nil, fmt.Errorf("price list: %w", err)
	}
	if err := attachDetails(ctx, s.db, rows, sys.PricePlaces); err != nil {
		return nil, err
	}
	return rows, nil
}

func priceGoods(r Row) PriceGoods {
	return PriceGoods{InvID: r.ID, Number: r.Number, Name: r.Name, Spec: r.Spec, CategoryName: r.CategoryName,
		Disable: r.Disable, DiscountRate1: r.DiscountRate1, DiscountRate2: r.DiscountRate2, Units: r.Units}
}

// SetPrices writes the rows' prices (all or none) and answers how many rows
// were written. A row names a goods item and one of its units; errors are
// reported under rows[i].<field>.
//
// hidden are the prices the caller may not see (money.Hidden): the price
// list answered them blank, so they are kept as stored, whatever is sent.
func (s *Service) SetPrices(ctx context.Context, in PricesInput, hidden map[string]bool) (int, error) {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		sys, err := sysparam.ReadSystem(ctx, tx)
		if err != nil {
			return err
		}
		var f errs.Fields
		checkPriceRows(&f, in.Rows, sys)
		if err := f.Err(); err != nil {
			return err
		}
		units, err := goodsUnits(ctx, tx, in.Rows)
		if err != nil {
			return err
		}
		for i, r := range in.Rows {
			p := path("rows", i)
			gu, ok := units[r.InvID]
			switch {
			case !ok:
				f.Add(p+".invId", "err.notFound", errs.A("what", labelGoods))
			case !gu.has(r.UnitID):
				f.Add(p+".unitId", "goods.err.notItsUnit")
			case r.UnitID != gu.base && r.DiscountRate1 != nil:
				f.Add(p+".discountRate1", "goods.err.discountOnBase")
			case r.UnitID != gu.base && r.DiscountRate2 != nil:
				f.Add(p+".discountRate2", "goods.err.discountOnBase")
			}
		}
		if err := f.Err(); err != nil {
			return err
		}
		now := s.now()
		for _, r := range in.Rows {
			if err := writePrices(ctx, tx, r, r.UnitID == units[r.InvID].base, hidden, sys.PricePlaces, now); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return 0, errs.Wrap("set prices", err)
	}
	return len(in.Rows), nil
}

func checkPriceRows(f *errs.Fields, rows []PriceInput, sys sysparam.System) {
	if len(rows) == 0 {
		f.Required("rows", "goods.field.priceRows")
		return
	}
	if len(rows) > MaxPriceRows {
		f.Add("rows", "goods.err.tooManyPriceRows", errs.A("max", MaxPriceRows))
		return
	}
	type key struct{ inv, unit int64 }
	seen := make(map[key]bool, len(rows))
	for i, r := range rows {
		p := path("rows", i)
		if r.InvID <= 0 {
			f.Required(p+".invId", labelGoods)
		}
		if r.UnitID <= 0 {
			f.Required(p+".unitId", labelUnit)
		} else if k := (key{r.InvID, r.UnitID}); seen[k] {
			f.Add(p+".unitId", "goods.err.unitTwice")
		} else {
			seen[k] = true
		}
		checkPrices(f, p+".", Prices{r.PurPrice, r.SalePrice, r.WholesalePrice, r.VipPrice}, sys.PricePlaces)
		if r.DiscountRate1 != nil {
			dec.CheckPercent(f, p+".discountRate1", labelDiscount1, *r.DiscountRate1, ratePlaces)
		}
		if r.DiscountRate2 != nil {
			dec.CheckPercent(f, p+".discountRate2", labelDiscount2, *r.DiscountRate2, ratePlaces)
		}
	}
}

// unitsOf are a goods item's base unit and the other units of its group.
type unitsOf struct {
	base  int64
	other map[int64]bool
}

func (u unitsOf) has(id int64) bool { return id == u.base || u.other[id] }

// goodsUnits reads the units of the goods the rows name, locking nothing:
// prices are written column by column, the last save wins.
func goodsUnits(ctx context.Context, q db.Querier, rows []PriceInput) (map[int64]unitsOf, error) {
	ids := make([]int64, 0, len(rows))
	seen := map[int64]bool{}
	for _, r := range rows {
		if !seen[r.InvID] {
			seen[r.InvID] = true
			ids = append(ids, r.InvID)
		}
	}
	out := make(map[int64]unitsOf, len(ids))
	for start := 0; start < len(ids); start += 500 {
		part := ids[start:min(start+500, len(ids))]
		err := eachRow(ctx, q, func(r *sql.Rows) error {
			var gid, base int64
			var other *int64
			if err := r.Scan(&gid, &base, &other); err != nil {
				return err
			}
			u, ok := out[gid]
			if !ok {
				u = unitsOf{base: base, other: map[int64]bool{}}
			}
			if other != nil {
				u.other[*other] = true
			}
			out[gid] = u
			return nil
		}, `SELECT g.id, g.unit_id, u.id FROM goods g
			LEFT JOIN units u ON u.unit_type_id = g.unit_type_id AND u.id <> g.unit_id
			WHERE g.id IN `+db.In(len(part)), db.Args(part)...)
		if err != nil {
			return nil, fmt.Errorf("units of goods: %w", err)
		}
	}
	return out, nil
}

// writePrices stores one row: the base unit's prices (and the discount rates
// given) on the goods row, another unit's on its goods_units row (made when
// the unit had none, without a barcode); a hidden price stays as stored (a
// unit that had no prices of its own keeps the base price times its rate,
// as the list showed it).
func writePrices(ctx context.Context, tx *db.Tx, r PriceInput, base bool, hidden map[string]bool, places int, now time.Time) error {
	var cols []string
	var vals []any
	for _, p := range []struct {
		key, col string
		v        dec.Dec
	}{{"purPrice", "pur_price", r.PurPrice}, {"salePrice", "sale_price", r.SalePrice},
		{"wholesalePrice", "wholesale_price", r.WholesalePrice}, {"vipPrice", "vip_price", r.VipPrice}} {
		if !hidden[p.key] {
			cols = append(cols, p.col+" = ?")
			vals = append(vals, p.v)
		}
	}
	if base {
		cols = append(cols, "updated_at = ?")
		args := append(vals, now)
		if r.DiscountRate1 != nil {
			cols = append(cols, "discount_rate1 = ?")
			args = append(args, *r.DiscountRate1)
		}
		if r.DiscountRate2 != nil {
			cols = append(cols, "discount_rate2 = ?")
			args = append(args, *r.DiscountRate2)
		}
		args = append(args, r.InvID)
		if _, err := tx.Exec(ctx, "UPDATE goods SET "+strings.Join(cols, ", ")+" WHERE id = ?", args...); err != nil {
			return fmt.Errorf("prices of goods %d: %w", r.InvID, err)
		}
		return nil
	}
	var n int64
	if len(cols) > 0 {
		res, err := tx.Exec(ctx, "UPDATE goods_units SET "+strings.Join(cols, ", ")+" WHERE goods_id = ? AND unit_id = ?",
			append(vals, r.InvID, r.UnitID)...)
		if err != nil {
			return fmt.Errorf("prices of goods %d unit %d: %w", r.InvID, r.UnitID, err)
		}
		if n, err = res.RowsAffected(); err != nil {
			return err
		}
	} else if err := tx.QueryRow(ctx, "SELECT COUNT(*) FROM goods_units WHERE goods_id = ? AND unit_id = ?", r.InvID, r.UnitID).Scan(&n); err != nil {
		return err
	}
	if n == 0 {
		var cur Prices
		var rate dec.Dec
		if len(hidden) > 0 {
			if err := tx.QueryRow(ctx, "SELECT g.pur_price, g.sale_price, g.wholesale_price, g.vip_price, u.rate FROM goods g, units u WHERE g.id = ? AND u.id = ?",
				r.InvID, r.UnitID).Scan(&cur.PurPrice, &cur.SalePrice, &cur.WholesalePrice, &cur.VipPrice, &rate); err != nil {
				return fmt.Errorf("base prices of goods %d: %w", r.InvID, err)
			}
			cur = scaled(cur, rate, places)
		}
		stored := map[string]dec.Dec{"purPrice": cur.PurPrice, "salePrice": cur.SalePrice, "wholesalePrice": cur.WholesalePrice, "vipPrice": cur.VipPrice}
		keep := func(key string, v dec.Dec) dec.Dec {
			if hidden[key] {
				return stored[key]
			}
			return v
		}
		if _, err := tx.Exec(ctx, `INSERT INTO goods_units (goods_id, unit_id, barcode, pur_price, sale_price, wholesale_price, vip_price)
			VALUES (?, ?, '', ?, ?, ?, ?)`, r.InvID, r.UnitID, keep("purPrice", r.PurPrice), keep("salePrice", r.SalePrice),
			keep("wholesalePrice", r.WholesalePrice), keep("vipPrice", r.VipPrice)); err != nil {
			return fmt.Errorf("prices of goods %d unit %d: %w", r.InvID, r.UnitID, err)
		}
	}
	// The goods item changed: caches keyed by its update time refresh.
	_, err := tx.Exec(ctx, "UPDATE goods SET updated_at = ? WHERE id = ?", now, r.InvID)
	return err
}

// priceColumns are the columns of the price list's spreadsheet: a row per
// goods item and unit; blank price cells keep the price.
var priceColumns = slices.Concat([]sheet.Column{
	{Key: "number", Label: labelNumber, Text: true, Required: true, Width: 14},
	{Key: "name", Label: labelName, Width: 24},
	{Key: "spec", Label: labelSpec, Width: 14},
	{Key: "unit", Label: labelUnit, Required: true, Width: 10},
}, priceCols)

// PriceExport is the filtered price list as a spreadsheet that imports back
// (the discount rates on the base unit's row).
func (s *Service) PriceExport(ctx context.Context, who *server.Principal, lang i18n.Lang, p server.ListParams, lq ListQuery) (server.File, error) {
	order, err := p.OrderBy(sortFields, "g.number")
	if err != nil {
		return server.File{}, err
	}
	rows, err := s.priceRows(ctx, priceFilter(p, lq), order, -1, 0)
	if err != nil {
		return server.File{}, err
	}
	cols, cut := sheet.Without(priceColumns, money.Hidden(who))
	return sheet.Export(lang, "goods.file.prices", "goods.sheet.prices", cols, func(add func([]any) error) error {
		for _, g := range rows {
			for i, u := range g.Units {
				r1, r2 := "", ""
				if i == 0 {
					r1, r2 = g.DiscountRate1.String(), g.DiscountRate2.String()
				}
				if err := add(cut([]any{g.Number, g.Name, g.Spec, u.UnitName, u.PurPrice.String(), u.SalePrice.String(),
					u.WholesalePrice.String(), u.VipPrice.String(), r1, r2})); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

// PriceImport reads a price spreadsheet: each row names a goods item by
// number and one of its units by name; blank cells keep what is stored. All
// rows are written or none (dryRun checks only). hidden are the prices the
// caller may not see (money.Hidden): their columns are not read and the
// stored prices stay, as the price list's save keeps them.
func (s *Service) PriceImport(ctx context.Context, lang i18n.Lang, r io.Reader, dryRun bool, hidden map[string]bool) (sheet.Result, error) {
	cols, _ := sheet.Without(priceColumns, hidden)
	file, err := sheet.Read(lang, r, cols, MaxPriceRows)
	if err != nil {
		return sheet.Result{}, err
	}
	sys, err := sysparam.ReadSystem(ctx, s.db)
	if err != nil {
		return sheet.Result{}, err
	}
	var numbers []string
	for _, row := range file.Rows {
		numbers = append(numbers, row.Get("number"))
	}
	current := map[string]Row{}
	for start := 0; start < len(numbers); start += 500 {
		part := numbers[start:min(start+500, len(numbers))]
		rows, err := db.All(ctx, s.db, scanRow, rowSelect+" WHERE g.number IN "+db.In(len(part)), db.Args(part)...)
		if err != nil {
			return sheet.Result{}, fmt.Errorf("goods of the price file: %w", err)
		}
		if err := attachDetails(ctx, s.db, rows, sys.PricePlaces); err != nil {
			return sheet.Result{}, err
		}
		for _, g := range rows {
			current[g.Number] = g
		}
	}
	res := sheet.NewResult(dryRun)
	list := make([]PriceInput, 0, len(file.Rows))
	type key struct{ inv, unit int64 }
	line := map[key]int{}
	for _, row := range file.Rows {
		var f errs.Fields
		in, ok := priceRow(&f, row, current)
		if ok {
			k := key{in.InvID, in.UnitID}
			if l, dup := line[k]; dup {
				f.Add("unit", "goods.err.dupInFile", errs.A("field", labelUnit), errs.A("value", row.Get("unit")), errs.A("row", l))
			} else {
				line[k] = row.Line
			}
			var one errs.Fields
			checkPriceRows(&one, []PriceInput{in}, sys)
			if e, isErr := errs.As(one.Err()); isErr {
				for _, fe := range e.Fields {
					f.Add(strings.TrimPrefix(fe.Path, "rows[0]."), fe.Key, fe.Args...)
				}
			}
		}
		if err := res.Add(lang, file, row, f.Err()); err != nil {
			return sheet.Result{}, err
		}
		list = append(list, in)
	}
	if res.InvalidCount > 0 || dryRun {
		return res, nil
	}
	if _, err := s.SetPrices(ctx, PricesInput{Rows: list}, hidden); err != nil {
		return sheet.Result{}, err
	}
	res.ImportedCount = len(list)
	return res, nil
}

// priceRow resolves one spreadsheet row against the goods it names; blank
// price cells take the stored price. ok is false when the goods item or the
// unit is unknown (reported on f).
func priceRow(f *errs.Fields, row sheet.Row, current map[string]Row) (PriceInput, bool) {
	g, found := current[row.Get("number")]
	if !found {
		f.Add("number", "goods.err.unknownName", errs.A("field", labelNumber), errs.A("value", row.Get("number")))
		return PriceInput{}, false
	}
	name := strings.ToLower(row.Get("unit"))
	at := -1
	for i, u := range g.Units {
		if strings.ToLower(u.UnitName) == name {
			at = i
			break
		}
	}
	if at < 0 {
		f.Add("unit", "goods.err.unknownName", errs.A("field", labelUnit), errs.A("value", row.Get("unit")))
		return PriceInput{}, false
	}
	u := g.Units[at]
	in := PriceInput{InvID: g.ID, UnitID: u.UnitID, PurPrice: u.PurPrice, SalePrice: u.SalePrice,
		WholesalePrice: u.WholesalePrice, VipPrice: u.VipPrice}
	for _, c := range []struct {
		key string
		to  *dec.Dec
	}{{"purPrice", &in.PurPrice}, {"salePrice", &in.SalePrice}, {"wholesalePrice", &in.WholesalePrice}, {"vipPrice", &in.VipPrice}} {
		if v := row.Get(c.key); v != "" {
			x, err := dec.Parse(v)
			if err != nil {
				f.Add(c.key, "err.invalid", errs.A("field", columnLabel(c.key)))
				continue
			}
			*c.to = x
		}
	}
	for _, c := range []struct {
		key string
		to  **dec.Dec
	}{{"discountRate1", &in.DiscountRate1}, {"discountRate2", &in.DiscountRate2}} {
		v := row.Get(c.key)
		if v == "" {
			continue
		}
		if at != 0 {
			f.Add(c.key, "goods.err.discountOnBase")
			continue
		}
		x, err := dec.Parse(v)
		if err != nil {
			f.Add(c.key, "err.invalid", errs.A("field", columnLabel(c.key)))
			continue
		}
		*c.to = &x
	}
	return in, true
}
