package opening

import (
	"context"
	"fmt"
	"io"
	"strings"
	"unicode"

	"cangshu/internal/db"
	"cangshu/internal/dec"
	"cangshu/internal/errs"
	"cangshu/internal/i18n"
	"cangshu/internal/server"
	"cangshu/internal/sheet"
	"cangshu/internal/sysparam"
)

// MaxImportRows is the most rows one file may hold.
const MaxImportRows = 10000

func columns(kind string) []sheet.Column {
	switch kind {
	case KindStock:
		return []sheet.Column{
			{Key: "invNumber", Label: "opening.col.invNumber", Required: true, Text: true},
			{Key: "invName", Label: "opening.col.invName", Width: 24},
			{Key: "skuName", Label: "opening.col.skuName", Width: 18},
			{Key: "location", Label: "opening.col.location", Required: true, Width: 18},
			{Key: "qty", Label: labelQty, Required: true},
			{Key: "unitCost", Label: labelUnitCost, Required: true},
			{Key: "batch", Label: labelBatch, Text: true},
			{Key: "prodDate", Label: labelProdDate, Text: true},
			{Key: "validDate", Label: labelValidDate, Text: true},
			{Key: "serNums", Label: "opening.col.serNums", Text: true, Width: 30},
		}
	case KindCustomer, KindSupplier:
		return []sheet.Column{
			{Key: "number", Label: "opening.col.number", Required: true, Text: true},
			{Key: "name", Label: "opening.col.name", Width: 24},
			{Key: "amount", Label: errs.Key("opening.col." + kind + ".amount"), Required: true},
			{Key: "periodMoney", Label: errs.Key("opening.col." + kind + ".periodMoney")},
		}
	}
	return []sheet.Column{
		{Key: "number", Label: "opening.col.number", Required: true, Text: true},
		{Key: "name", Label: "opening.col.name", Width: 24},
		{Key: "amount", Label: labelBalance, Required: true},
	}
}

// Template is the import file of a kind, holding today's openings (every
// goods line of the caller's warehouses, every contact of the type, every
// account), so the file is filled in and imported back.
func (s *Service) Template(ctx context.Context, p *server.Principal, lang i18n.Lang, kind string) (server.File, error) {
	if err := validKind(kind); err != nil {
		return server.File{}, err
	}
	name, sheetName := errs.Key("opening.file."+kind), errs.Key("opening.sheet."+kind)
	cols, cut := sheet.Without(columns(kind), kindMoney(kind).Hidden(p))
	return sheet.Export(lang, name, sheetName, cols, func(wrote func([]any) error) error {
		add := func(row []any) error { return wrote(cut(row)) }
		switch kind {
		case KindStock:
			rows, err := listStock(ctx, s.db, scopeOf(p), stockFilter{}, "g.number, l.number, o.sku_id, o.batch", -1, 0)
			if err != nil {
				return err
			}
			for _, r := range rows {
				serials := make([]string, len(r.SerNumList))
				for i, s := range r.SerNumList {
					serials[i] = s.SerNum
				}
				if err := add([]any{r.InvNumber, r.InvName, r.SkuName, r.LocationName, r.Qty.String(), r.UnitCost.String(),
					r.Batch, r.ProdDate, r.ValidDate, strings.Join(serials, ", ")}); err != nil {
					return err
				}
			}
		case KindCustomer, KindSupplier:
			rows, err := listContacts(ctx, s.db, scopeOf(p), contactType(kind), "", "c.number", -1, 0)
			if err != nil {
				return err
			}
			for _, r := range rows {
				if err := add([]any{r.Number, r.Name, r.Amount.String(), r.PeriodMoney.String()}); err != nil {
					return err
				}
			}
		default:
			rows, err := listAccounts(ctx, s.db, "", "a.number", -1, 0)
			if err != nil {
				return err
			}
			for _, r := range rows {
				if err := add([]any{r.Number, r.Name, r.Amount.String()}); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

func contactType(kind string) int64 {
	if kind == KindSupplier {
		return TypeSupplier
	}
	return TypeCustomer
}

// Import sets the openings of every row of the file, all or none: rows
// that name no known goods item, warehouse, SKU, contact or account, or
// hold a bad figure, are reported and nothing is written. Rows not in the
// file keep their openings.
func (s *Service) Import(ctx context.Context, p *server.Principal, lang i18n.Lang, kind string, dryRun bool, r io.Reader) (sheet.Result, error) {
	if err := validKind(kind); err != nil {
		return sheet.Result{}, err
	}
	sys, err := sysparam.ReadSystem(ctx, s.db)
	if err != nil {
		return sheet.Result{}, err
	}
	if err := locked(sys); err != nil {
		return sheet.Result{}, err
	}
	// A money column the caller may not see is not read: its figures stay
	// as stored (the caller's own template has no such column).
	hidden := kindMoney(kind).Hidden(p)
	cols, _ := sheet.Without(columns(kind), hidden)
	file, err := sheet.Read(lang, r, cols, MaxImportRows)
	if err != nil {
		return sheet.Result{}, err
	}
	res := sheet.NewResult(dryRun)
	var apply []func(ctx context.Context, tx db.Querier) error
	touched := map[int64]bool{}
	var order []int64
	ref := newRefs(s.db, scopeOf(p))
	for _, row := range file.Rows {
		var f func(ctx context.Context, tx db.Querier) error
		var err error
		switch kind {
		case KindStock:
			var in StockInput
			keep := hidden["unitCost"]
			if in, err = ref.stockRow(ctx, sys, row, keep); err == nil {
				f = func(ctx context.Context, tx db.Querier) error {
					return setStock(ctx, tx, in, sys.AmountPlaces, sys.StartDate, keep)
				}
				if !touched[in.InvID] {
					touched[in.InvID] = true
					order = append(order, in.InvID)
				}
			}
		case KindCustomer, KindSupplier:
			var in ContactInput
			if in, err = ref.contactRow(ctx, sys, contactType(kind), row); err == nil {
				f = func(ctx context.Context, tx db.Querier) error { return setContact(ctx, tx, p, in) }
			}
		default:
			var in AccountInput
			if in, err = ref.accountRow(ctx, sys, row); err == nil {
				f = func(ctx context.Context, tx db.Querier) error { return setAccount(ctx, tx, in) }
			}
		}
		if err := res.Add(lang, file, row, err); err != nil {
			return sheet.Result{}, err
		}
		if f != nil {
			apply = append(apply, f)
		}
	}
	if dryRun || res.InvalidCount > 0 {
		return res, nil
	}
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		sys, err := begin(ctx, tx)
		if err != nil {
			return err
		}
		for _, f := range apply {
			if err := f(ctx, tx); err != nil {
				return err
			}
		}
		for _, id := range order {
			if err := s.repost(ctx, tx, sys, id); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return sheet.Result{}, errs.Wrap("import openings", err)
	}
	res.ImportedCount = len(apply)
	return res, nil
}

// refs resolves the numbers and names of an import's rows, reading each once.
type refs struct {
	q         db.Querier
	sc        scope
	goods     map[string]*goodsInfo
	locations map[string]int64
	seen      map[string]int // a row's key → the line that set it first
}

func newRefs(q db.Querier, sc scope) *refs {
	return &refs{q: q, sc: sc, goods: map[string]*goodsInfo{}, seen: map[string]int{}}
}

func (r *refs) once(key string, line int, f *errs.Fields, path string) {
	if first, ok := r.seen[key]; ok {
		f.Add(path, "opening.err.twice", errs.A("row", first))
		return
	}
	r.seen[key] = line
}

func parse(f *errs.Fields, path string, label errs.Key, v string) dec.Dec {
	if v == "" {
		return dec.Zero
	}
	d, err := dec.Parse(v)
	if err != nil {
		f.Add(path, "err.invalid", errs.A("field", label))
	}
	return d
}

// stockRow resolves a stock row; keepCost (a caller without the cost
// right): its unit cost is the stored one, checked as such.
func (r *refs) stockRow(ctx context.Context, sys sysparam.System, row sheet.Row, keepCost bool) (StockInput, error) {
	var f errs.Fields
	in := StockInput{Batch: row.Get("batch"), ProdDate: row.Get("prodDate"), ValidDate: row.Get("validDate")}
	for _, s := range strings.FieldsFunc(row.Get("serNums"), func(r rune) bool { return r == ',' || r == '，' || r == ';' || r == '；' || unicode.IsSpace(r) }) {
		in.SerNumList = append(in.SerNumList, SerNum{SerNum: s})
	}
	in.Qty = parse(&f, "qty", labelQty, row.Get("qty"))
	in.UnitCost = parse(&f, "unitCost", labelUnitCost, row.Get("unitCost"))
	number := row.Get("invNumber")
	g, ok := r.goods[number]
	if !ok && number != "" {
		got, found, err := loadGoods(ctx, r.q, "number = ?", number)
		if err != nil {
			return in, err
		}
		if found {
			g = &got
		}
		r.goods[number] = g
	}
	if number == "" {
		f.Required("invNumber", labelGoods)
	} else if g == nil {
		f.Add("invNumber", "opening.err.noGoods", errs.A("number", number))
	} else {
		in.InvID = g.id
		if sku := row.Get("skuName"); sku != "" {
			if in.SkuID = g.skus[sku]; in.SkuID == 0 {
				f.Add("skuName", "opening.err.noSku", errs.A("name", sku))
			}
		}
	}
	if loc := row.Get("location"); loc == "" {
		f.Required("location", labelLocation)
	} else if id, err := r.location(ctx, loc); err != nil {
		return in, err
	} else if id == 0 {
		f.Add("location", "opening.err.noLocation", errs.A("name", loc))
	} else {
		in.LocationID = id
	}
	if err := f.Err(); err != nil {
		return in, err
	}
	r.once(fmt.Sprintf("s%d/%d/%d/%s", in.InvID, in.LocationID, in.SkuID, strings.TrimSpace(in.Batch)), row.Line, &f, "invNumber")
	if err := f.Err(); err != nil {
		return in, err
	}
	if keepCost {
		var err error
		if in.UnitCost, err = storedCost(ctx, r.q, in); err != nil {
			return in, err
		}
	}
	return in, (&Service{}).checkStock(ctx, r.q, r.sc, sys, &in, g)
}

// location is a warehouse of the caller's scope by number or name (0: none).
func (r *refs) location(ctx context.Context, v string) (int64, error) {
	if r.locations == nil {
		r.locations = map[string]int64{}
		where, args := r.sc.cond("l.id")
		rows, err := r.q.Query(ctx, "SELECT l.id, l.number, l.name FROM locations l WHERE "+where+" ORDER BY l.id DESC", args...)
		if err != nil {
			return 0, err
		}
		defer rows.Close()
		for rows.Next() {
			var id int64
			var number, name string
			if err := rows.Scan(&id, &number, &name); err != nil {
				return 0, err
			}
			r.locations[name], r.locations[number] = id, id
		}
		if err := rows.Err(); err != nil {
			return 0, err
		}
	}
	return r.locations[v], nil
}

func (r *refs) contactRow(ctx context.Context, sys sysparam.System, typ int64, row sheet.Row) (ContactInput, error) {
	var f errs.Fields
	in := ContactInput{Amount: parse(&f, "amount", labelDebt, row.Get("amount")), PeriodMoney: parse(&f, "periodMoney", labelAdvance, row.Get("periodMoney"))}
	number := row.Get("number")
	// a contact the caller may not use (data rights) is as unknown
	where, args := r.sc.rights.Contact("c.id").And("c.type = ? AND c.number = ?", []any{typ, number})
	if number == "" {
		f.Required("number", labelContact)
	} else if err := r.q.QueryRow(ctx, "SELECT c.id FROM contacts c WHERE "+where, args...).Scan(&in.ID); err != nil && !isNoRows(err) {
		return in, err
	} else if in.ID == 0 {
		f.Add("number", "opening.err.noContact", errs.A("number", number))
	} else {
		r.once(fmt.Sprintf("c%d", in.ID), row.Line, &f, "number")
	}
	if err := f.Err(); err != nil {
		return in, err
	}
	in.check(&f, sys)
	return in, f.Err()
}

func (r *refs) accountRow(ctx context.Context, sys sysparam.System, row sheet.Row) (AccountInput, error) {
	var f errs.Fields
	in := AccountInput{Amount: parse(&f, "amount", labelBalance, row.Get("amount"))}
	number := row.Get("number")
	if number == "" {
		f.Required("number", labelAccount)
	} else if err := r.q.QueryRow(ctx, "SELECT id FROM settle_accounts WHERE number = ?", number).Scan(&in.ID); err != nil && !isNoRows(err) {
		return in, err
	} else if in.ID == 0 {
		f.Add("number", "opening.err.noAccount", errs.A("number", number))
	} else {
		r.once(fmt.Sprintf("a%d", in.ID), row.Line, &f, "number")
	}
	if err := f.Err(); err != nil {
		return in, err
	}
	in.check(&f, sys)
	return in, f.Err()
}
