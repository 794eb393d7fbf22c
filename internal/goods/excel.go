package goods

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"cangshu/internal/coding"
	"cangshu/internal/custom"
	"cangshu/internal/db"
	"cangshu/internal/dec"
	"cangshu/internal/errs"
	"cangshu/internal/i18n"
	"cangshu/internal/server"
	"cangshu/internal/sheet"
	"cangshu/internal/sysparam"
)

// MaxImportRows is the most rows one goods file may hold.
const MaxImportRows = 20000

// priceCols are the price and discount columns, in the goods sheet and
// the price list's alike.
var priceCols = []sheet.Column{
	{Key: "purPrice", Label: labelPurPrice},
	{Key: "salePrice", Label: labelSalePrice},
	{Key: "wholesalePrice", Label: labelWholesale},
	{Key: "vipPrice", Label: labelVipPrice},
	{Key: "discountRate1", Label: labelDiscount1},
	{Key: "discountRate2", Label: labelDiscount2},
}

// columns of the template, the import and the export, in order.
var columns = slices.Concat([]sheet.Column{
	{Key: "number", Label: labelNumber, Text: true, Width: 14},
	{Key: "name", Label: labelName, Required: true, Width: 24},
	{Key: "spec", Label: labelSpec, Width: 14},
	{Key: "barCode", Label: labelBarcode, Text: true, Width: 16},
	{Key: "category", Label: labelCategory, Width: 16},
	{Key: "unit", Label: labelUnit, Required: true, Width: 12},
}, priceCols, []sheet.Column{
	{Key: "location", Label: labelLocation, Width: 14},
	{Key: "isSerNum", Label: labelIsSerNum, Width: 10, Choices: []errs.Key{"goods.yes", "goods.no"}},
	{Key: "isWarranty", Label: labelIsWarranty, Width: 10, Choices: []errs.Key{"goods.yes", "goods.no"}},
	{Key: "safeDays", Label: labelSafeDays, Width: 10},
	{Key: "remark", Label: labelRemark, Width: 24},
})

// SheetColumns are the built-in columns of the goods import and export.
func SheetColumns() []sheet.Column { return slices.Clone(columns) }

// Template is the import template in the caller's language, ending with a
// column per enabled custom field.
func (s *Service) Template(ctx context.Context, lang i18n.Lang) (server.File, error) {
	cs, err := custom.ForSheet(ctx, s.db, custom.TargetGoods)
	if err != nil {
		return server.File{}, err
	}
	no := i18n.T(lang, "goods.no")
	return sheet.Template(lang, "goods.file.template", "goods.sheet", append(slices.Clone(columns), cs.Columns(lang)...), append([]any{
		"SP0001", i18n.T(lang, "goods.example.name"), "330ml", "6901234567892", i18n.T(lang, "goods.example.category"),
		i18n.T(lang, "goods.example.unit"), "2.5", "3.5", "3.2", "3", "95", "90", "", no, no, "0", ""}, cs.Example(lang)...))
}

// Export is the filtered list as a spreadsheet that imports back.
func (s *Service) Export(ctx context.Context, who *server.Principal, lang i18n.Lang, p server.ListParams, lq ListQuery) (server.File, error) {
	order, err := p.OrderBy(sortFields, "g.number")
	if err != nil {
		return server.File{}, err
	}
	f, err := listFilter{categoryID: lq.CategoryID, match: p.MatchCon, enabledOnly: lq.EnabledOnly, locationID: lq.LocationID, skuTypeID: lq.SkuTypeID}.withCustom(ctx, s.db)
	if err != nil {
		return server.File{}, err
	}
	rows, err := listRows(ctx, s.db, f, order+", g.id", -1, 0)
	if err != nil {
		return server.File{}, fmt.Errorf("export goods: %w", err)
	}
	if err := attachCustom(ctx, s.db, rows); err != nil {
		return server.File{}, fmt.Errorf("export goods: %w", err)
	}
	defs, err := custom.Defs(ctx, s.db, custom.TargetGoods)
	if err != nil {
		return server.File{}, err
	}
	ref, err := loadImportRefs(ctx, s.db)
	if err != nil {
		return server.File{}, err
	}
	groups, err := db.Map[int64, string](ctx, s.db, "SELECT id, name FROM unit_types")
	if err != nil {
		return server.File{}, err
	}
	yes, no := i18n.T(lang, "goods.yes"), i18n.T(lang, "goods.no")
	yn := func(v int) string {
		if v == 1 {
			return yes
		}
		return no
	}
	cols, cut := sheet.Without(append(slices.Clone(columns), custom.Columns(defs, lang)...), money.Hidden(who))
	return sheet.Export(lang, "goods.file.export", "goods.sheet", cols, func(add func([]any) error) error {
		for _, g := range rows {
			unit := g.UnitName
			if g.UnitTypeID > 0 {
				unit = groups[g.UnitTypeID]
			}
			err := add(cut(append([]any{g.Number, g.Name, g.Spec, g.BarCode, ref.catPath[g.CategoryID], unit,
				g.PurPrice.String(), g.SalePrice.String(), g.WholesalePrice.String(), g.VipPrice.String(),
				g.DiscountRate1.String(), g.DiscountRate2.String(), g.LocationName, yn(g.IsSerNum), yn(g.IsWarranty),
				strconv.Itoa(g.SafeDays), g.Remark}, custom.Cells(defs, g.Custom, lang)...)))
			if err != nil {
				return err
			}
		}
		return nil
	})
}

// importRefs are the names a file's cells are resolved against.
type importRefs struct {
	catPath  map[int64]string // category id → "A/B"
	catByKey map[string]int64 // path or (unambiguous) name → id; -1 = ambiguous name
	units    map[string]int64 // stand-alone unit name → id
	groups   map[string][2]int64
	locs     map[string]int64 // number or name → id
}

func loadImportRefs(ctx context.Context, q db.Querier) (importRefs, error) {
	ref := importRefs{catPath: map[int64]string{}, catByKey: map[string]int64{}, units: map[string]int64{},
		groups: map[string][2]int64{}, locs: map[string]int64{}}
	type cat struct {
		parent int64
		name   string
	}
	cats := map[int64]cat{}
	err := eachRow(ctx, q, func(r *sql.Rows) error {
		var id int64
		var c cat
		if err := r.Scan(&id, &c.parent, &c.name); err != nil {
			return err
		}
		cats[id] = c
		return nil
	}, `SELECT a.id, COALESCE(a.parent_id, 0), a.name FROM assists a JOIN assist_types t ON t.id = a.type_id WHERE t.number = 'trade'`)
	if err != nil {
		return ref, fmt.Errorf("load categories: %w", err)
	}
	for id, c := range cats {
		parts := []string{c.name}
		for p, n := c.parent, 0; p != 0 && n < 50; n++ {
			pc, ok := cats[p]
			if !ok {
				break
			}
			parts = append([]string{pc.name}, parts...)
			p = pc.parent
		}
		path := strings.Join(parts, "/")
		ref.catPath[id] = path
		ref.catByKey[strings.ToLower(path)] = id
	}
	for id, c := range cats {
		k := strings.ToLower(c.name)
		if prev, ok := ref.catByKey[k]; ok && prev != id && ref.catPath[prev] != c.name {
			ref.catByKey[k] = -1
		} else if !ok {
			ref.catByKey[k] = id
		}
	}
	err = eachRow(ctx, q, func(r *sql.Rows) error {
		var id, group int64
		var name, gname string
		var base int
		if err := r.Scan(&id, &name, &group, &gname, &base); err != nil {
			return err
		}
		if group == 0 {
			ref.units[strings.ToLower(name)] = id
		} else if base == 1 {
			ref.groups[strings.ToLower(gname)] = [2]int64{group, id}
		}
		return nil
	}, `SELECT u.id, u.name, COALESCE(u.unit_type_id, 0), COALESCE(t.name, ''), u.is_base FROM units u
		LEFT JOIN unit_types t ON t.id = u.unit_type_id`)
	if err != nil {
		return ref, fmt.Errorf("load units: %w", err)
	}
	err = eachRow(ctx, q, func(r *sql.Rows) error {
		var id int64
		var number, name string
		if err := r.Scan(&id, &number, &name); err != nil {
			return err
		}
		if _, ok := ref.locs[strings.ToLower(name)]; !ok {
			ref.locs[strings.ToLower(name)] = id
		}
		ref.locs[strings.ToLower(number)] = id
		return nil
	}, "SELECT id, number, name FROM locations ORDER BY id DESC")
	if err != nil {
		return ref, fmt.Errorf("load warehouses: %w", err)
	}
	return ref, nil
}

// taken answers which of values exist in column of table (chunked IN
// lists).
func taken(ctx context.Context, q db.Querier, query string, values []string) (map[string]bool, error) {
	out := map[string]bool{}
	for len(values) > 0 {
		n := min(len(values), 500)
		found, err := db.Values[string](ctx, q, query+db.In(n), db.Args(values[:n])...)
		if err != nil {
			return nil, err
		}
		for _, v := range found {
			out[v] = true
		}
		values = values[n:]
	}
	return out, nil
}

// Import creates the goods of a spreadsheet, all or none: every row is
// checked first; a file with any bad row writes nothing. Empty numbers get
// the next numbers in file order. Custom fields are read under their
// labels and checked as a save through add checks them.
func (s *Service) Import(ctx context.Context, lang i18n.Lang, r io.Reader, dryRun bool) (sheet.Result, error) {
	cs, err := custom.ForSheet(ctx, s.db, custom.TargetGoods)
	if err != nil {
		return sheet.Result{}, err
	}
	file, err := sheet.Read(lang, r, append(slices.Clone(columns), cs.Columns(lang)...), MaxImportRows)
	if err != nil {
		return sheet.Result{}, err
	}
	sys, err := sysparam.ReadSystem(ctx, s.db)
	if err != nil {
		return sheet.Result{}, err
	}
	ref, err := loadImportRefs(ctx, s.db)
	if err != nil {
		return sheet.Result{}, err
	}
	var numbers, codes []string
	for _, row := range file.Rows {
		if v := row.Get("number"); v != "" {
			numbers = append(numbers, v)
		}
		if v := row.Get("barCode"); v != "" {
			codes = append(codes, v)
		}
	}
	takenNumbers, err := taken(ctx, s.db, "SELECT number FROM goods WHERE number IN ", numbers)
	if err != nil {
		return sheet.Result{}, fmt.Errorf("check numbers: %w", err)
	}
	takenCodes, err := taken(ctx, s.db, "SELECT code FROM barcodes WHERE code IN ", codes)
	if err != nil {
		return sheet.Result{}, fmt.Errorf("check barcodes: %w", err)
	}
	inFile := map[string]bool{}
	for _, n := range numbers {
		inFile[n] = true
	}
	next := ""
	// nextNumber gives the next free number in file order, past numbers the
	// file names and numbers other goods have.
	nextNumber := func() (string, error) {
		for range 100000 {
			if next == "" {
				n, err := coding.NextFor(ctx, s.db, "inventory")
				if err != nil {
					return "", err
				}
				next = n
			} else {
				next = coding.Increment(next)
			}
			if inFile[next] || takenNumbers[next] {
				continue
			}
			t, err := taken(ctx, s.db, "SELECT number FROM goods WHERE number IN ", []string{next})
			if err != nil {
				return "", err
			}
			if !t[next] {
				return next, nil
			}
			takenNumbers[next] = true
		}
		return "", fmt.Errorf("no free goods number after %s", next)
	}
	res := sheet.NewResult(dryRun)
	list := make([]Input, 0, len(file.Rows))
	values := make([]custom.Pending, 0, len(file.Rows))
	numberLine, codeLine := map[string]int{}, map[string]int{}
	for _, row := range file.Rows {
		in, rowErr := parseRow(row, ref, lang)
		var f errs.Fields
		for _, fe := range rowErr {
			f.Add(fe.Path, fe.Key, fe.Args...)
		}
		if in.Number == "" {
			if in.Number, err = nextNumber(); err != nil {
				return sheet.Result{}, err
			}
		}
		in.check(&f, sys)
		if n := in.Number; n != "" {
			if line, dup := numberLine[n]; dup {
				f.Add("number", "goods.err.dupInFile", errs.A("field", labelNumber), errs.A("value", n), errs.A("row", line))
			} else if numberLine[n] = row.Line; takenNumbers[n] {
				f.Add("number", "err.duplicate", errs.A("field", labelNumber), errs.A("value", n))
			}
		}
		if c := in.BarCode; c != "" {
			if line, dup := codeLine[c]; dup {
				f.Add("barCode", "goods.err.dupInFile", errs.A("field", labelBarcode), errs.A("value", c), errs.A("row", line))
			} else if codeLine[c] = row.Line; takenCodes[c] {
				f.Add("barCode", "err.duplicate", errs.A("field", labelBarcode), errs.A("value", c))
			}
		}
		values = append(values, cs.Row(row, &f))
		if err := res.Add(lang, file, row, columnPaths(f.Err())); err != nil {
			return sheet.Result{}, err
		}
		list = append(list, in)
	}
	if res.InvalidCount > 0 || dryRun {
		return res, nil
	}
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		now := s.now()
		for i := range list {
			in := &list[i]
			var codes []string
			if in.BarCode != "" {
				codes = []string{in.BarCode}
			}
			id, err := insertGoods(ctx, tx, in, searchText(in.Number, in.Name, in.Spec, codes), now)
			if err != nil {
				return dbErr(err, in.Number)
			}
			if in.BarCode != "" {
				if _, err := tx.Exec(ctx, "INSERT INTO barcodes (code, goods_id) VALUES (?, ?)", in.BarCode, id); err != nil {
					if db.IsUnique(err) {
						return barcodeTaken("barCode", in.BarCode, "")
					}
					return err
				}
			}
			if err := values[i].Save(ctx, tx, id); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return sheet.Result{}, errs.Wrap("import goods", err)
	}
	res.ImportedCount = len(list)
	return res, nil
}

// parseRow turns a row into an input, resolving names; what cannot be read
// is reported under the row's column keys.
func parseRow(row sheet.Row, ref importRefs, lang i18n.Lang) (Input, []errs.FieldError) {
	var bad []errs.FieldError
	add := func(p, key string, args ...errs.Arg) {
		bad = append(bad, errs.FieldError{Path: p, Key: key, Args: args})
	}
	in := Input{Number: row.Get("number"), Name: row.Get("name"), Spec: row.Get("spec"), BarCode: row.Get("barCode"), Remark: row.Get("remark")}
	if c := row.Get("category"); c != "" {
		switch id := ref.catByKey[strings.ToLower(strings.Trim(c, "/ "))]; {
		case id == -1:
			add("category", "goods.err.categoryAmbiguous", errs.A("name", c))
		case id == 0:
			add("category", "goods.err.unknownName", errs.A("field", labelCategory), errs.A("value", c))
		default:
			in.CategoryID = id
		}
	}
	if u := row.Get("unit"); u == "" {
		add("unit", "err.required", errs.A("field", labelUnit))
	} else if id, ok := ref.units[strings.ToLower(u)]; ok {
		in.UnitID = id
	} else if g, ok := ref.groups[strings.ToLower(u)]; ok {
		in.UnitTypeID, in.UnitID = g[0], g[1]
	} else {
		add("unit", "goods.err.unknownName", errs.A("field", labelUnit), errs.A("value", u))
	}
	if l := row.Get("location"); l != "" {
		if id, ok := ref.locs[strings.ToLower(l)]; ok {
			in.LocationID = id
		} else {
			add("location", "goods.err.unknownName", errs.A("field", labelLocation), errs.A("value", l))
		}
	}
	for _, d := range []struct {
		key string
		to  *dec.Dec
	}{{"purPrice", &in.PurPrice}, {"salePrice", &in.SalePrice}, {"wholesalePrice", &in.WholesalePrice},
		{"vipPrice", &in.VipPrice}, {"discountRate1", &in.DiscountRate1}, {"discountRate2", &in.DiscountRate2}} {
		if v := row.Get(d.key); v != "" {
			x, err := dec.Parse(v)
			if err != nil {
				add(d.key, "err.invalid", errs.A("field", columnLabel(d.key)))
			}
			*d.to = x
		}
	}
	for _, b := range []struct {
		key string
		to  *int64
	}{{"isSerNum", &in.IsSerNum}, {"isWarranty", &in.IsWarranty}} {
		v, ok := yesNo(row.Get(b.key))
		if !ok {
			add(b.key, "err.oneOf", errs.A("field", columnLabel(b.key)))
		}
		*b.to = v
	}
	if v := row.Get("safeDays"); v != "" {
		n, err := strconv.ParseInt(strings.TrimSuffix(v, ".0"), 10, 64)
		if err != nil {
			add("safeDays", "err.invalid", errs.A("field", labelSafeDays))
		}
		in.SafeDays = n
	}
	in.normalize()
	return in, bad
}

func columnLabel(key string) errs.Key {
	for _, c := range columns {
		if c.Key == key {
			return c.Label
		}
	}
	return errs.Key(key)
}

// yesNo reads a flag cell: empty, 0/1, or yes/no in either language.
func yesNo(v string) (int64, bool) {
	v = strings.TrimSpace(v)
	switch strings.ToLower(v) {
	case "", "0", "n", "no", "false":
		return 0, true
	case "1", "y", "yes", "true":
		return 1, true
	}
	for _, l := range i18n.Langs {
		if v == i18n.T(l, "goods.yes") {
			return 1, true
		}
		if v == i18n.T(l, "goods.no") {
			return 0, true
		}
	}
	return 0, false
}

// columnPaths renames the input's id paths to the file's column keys.
func columnPaths(err error) error {
	e, ok := errs.As(err)
	if !ok {
		return err
	}
	rename := map[string]string{"unitId": "unit", "unitTypeId": "unit", "categoryId": "category", "locationId": "location"}
	seen := map[string]bool{}
	out := e.Fields[:0]
	for _, f := range e.Fields {
		if k, ok := rename[f.Path]; ok {
			f.Path = k
		}
		if !seen[f.Path+" "+f.Key] {
			seen[f.Path+" "+f.Key] = true
			out = append(out, f)
		}
	}
	e.Fields = out
	return e
}
