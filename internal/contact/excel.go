package contact

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

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

// MaxImportRows is the most rows one file may hold.
const MaxImportRows = 10000

// columns are the columns of the template, the import and the export (which
// adds the balance), for contacts of the type.
func columns(typ int64) []sheet.Column {
	levels := []errs.Key{levelKey(LevelRetail)}
	if typ == TypeCustomer {
		levels = append(levels, levelKey(LevelWholesale), levelKey(LevelVIP), levelKey(LevelDiscount1), levelKey(LevelDiscount2))
	}
	return []sheet.Column{
		{Key: "number", Label: labelNumber(typ), Required: true, Text: true},
		{Key: "name", Label: labelName(typ), Required: true, Width: 24},
		{Key: "category", Label: labelCategory, Width: 18},
		{Key: "cLevel", Label: labelLevel, Choices: levels},
		{Key: "taxRate", Label: labelTaxRate, Width: 10},
		{Key: "amount", Label: labelAmount},
		{Key: "periodMoney", Label: labelPeriodMoney},
		{Key: "beginDate", Label: labelBeginDate, Text: true},
		{Key: "linkName", Label: labelLinkName},
		{Key: "linkMobile", Label: labelLinkMobile, Text: true},
		{Key: "linkPhone", Label: labelLinkPhone, Text: true},
		{Key: "linkIm", Label: labelLinkIm},
		{Key: "address", Label: labelAddress, Width: 30},
		{Key: "remark", Label: labelRemark, Width: 30},
	}
}

// SheetColumns are the built-in columns of the export of contacts of the
// type: the import's and the balance.
func SheetColumns(typ int64) []sheet.Column {
	return append(columns(typ), sheet.Column{Key: "balance", Label: labelBalance})
}

func fileKey(typ int64, what string) errs.Key {
	return errs.Key("contact." + typeKey(typ) + "." + what)
}

// Template is the import template of the type in the caller's language,
// ending with a column per enabled custom field of the type.
func (s *Service) Template(ctx context.Context, p *server.Principal, lang i18n.Lang, typ int64) (server.File, error) {
	if err := validType("type", typ); err != nil {
		return server.File{}, err
	}
	if err := require(p, typ, "import"); err != nil {
		return server.File{}, err
	}
	example := []any{firstNumber(typ), i18n.T(lang, string(fileKey(typ, "example"))), "", i18n.T(lang, string(levelKey(LevelRetail))),
		"13", "0", "0", time.Now().Format(time.DateOnly), i18n.T(lang, "contact.example.linkName"), "13800138000", "", "", "", ""}
	cs, err := custom.ForSheet(ctx, s.db, target(typ))
	if err != nil {
		return server.File{}, err
	}
	return sheet.Template(lang, fileKey(typ, "template"), fileKey(typ, "sheet"), append(columns(typ), cs.Columns(lang)...),
		append(example, cs.Example(lang)...))
}

// Export is the filtered list of the type as a spreadsheet.
func (s *Service) Export(ctx context.Context, p *server.Principal, lang i18n.Lang, q ListQuery, lp server.ListParams) (server.File, error) {
	f, err := q.searchFilter(ctx, s.db, lp.MatchCon)
	f.rights = p.Rights
	if err != nil {
		return server.File{}, err
	}
	if err := require(p, q.Type, "export"); err != nil {
		return server.File{}, err
	}
	order, err := lp.OrderBy(s.sortable, "c.number")
	if err != nil {
		return server.File{}, err
	}
	list, _, err := listContacts(ctx, s.db, s.columns, f, order, -1, 0)
	if err != nil {
		return server.File{}, fmt.Errorf("export contacts: %w", err)
	}
	cats, err := categories(ctx, s.db, categoryType(q.Type))
	if err != nil {
		return server.File{}, fmt.Errorf("export contacts: %w", err)
	}
	paths := categoryPaths(cats)
	defs, err := custom.Defs(ctx, s.db, target(q.Type))
	if err != nil {
		return server.File{}, fmt.Errorf("export contacts: %w", err)
	}
	cols, cut := sheet.Without(append(SheetColumns(q.Type), custom.Columns(defs, lang)...), money(q.Type).Hidden(p))
	for i := range cols {
		cols[i].Required = false
	}
	return sheet.Export(lang, fileKey(q.Type, "export"), fileKey(q.Type, "sheet"), cols, func(add func([]any) error) error {
		for _, c := range list {
			if err := add(cut(append([]any{c.Number, c.Name, paths[c.CategoryID], i18n.T(lang, string(levelKey(c.CLevel))),
				c.TaxRate.String(), c.Amount.String(), c.PeriodMoney.String(), c.BeginDate, c.Contacter, c.Mobile, c.Phone, c.linkIm,
				c.Address, c.Remark, c.Balance.String()}, custom.Cells(defs, c.Custom, lang)...))); err != nil {
				return err
			}
		}
		return nil
	})
}

// categoryPaths names each category by its path from the top ("A/B").
func categoryPaths(cats []category) map[int64]string {
	byID := make(map[int64]category, len(cats))
	for _, c := range cats {
		byID[c.id] = c
	}
	out := make(map[int64]string, len(cats))
	var path func(id int64, depth int) string
	path = func(id int64, depth int) string {
		if p, ok := out[id]; ok {
			return p
		}
		c, ok := byID[id]
		if !ok || depth > 64 {
			return ""
		}
		p := c.name
		if c.parent != 0 {
			if pp := path(c.parent, depth+1); pp != "" {
				p = pp + "/" + c.name
			}
		}
		out[id] = p
		return p
	}
	for _, c := range cats {
		path(c.id, 0)
	}
	return out
}

// importRefs is what rows are checked against.
type importRefs struct {
	sys     sysparam.System
	custom  custom.Sheet
	byPath  map[string]int64 // "A/B" → id
	byName  map[string][]int64
	taken   map[string]bool // numbers of the type in the database
	inFile  map[string]int  // number → first row holding it
	nextNum string
}

func loadRefs(ctx context.Context, q db.Querier, typ int64) (importRefs, error) {
	ref := importRefs{byPath: map[string]int64{}, byName: map[string][]int64{}, inFile: map[string]int{}}
	var err error
	if ref.sys, err = sysparam.ReadSystem(ctx, q); err != nil {
		return ref, err
	}
	if ref.custom, err = custom.ForSheet(ctx, q, target(typ)); err != nil {
		return ref, err
	}
	cats, err := categories(ctx, q, categoryType(typ))
	if err != nil {
		return ref, err
	}
	for id, p := range categoryPaths(cats) {
		ref.byPath[strings.ToLower(p)] = id
	}
	for _, c := range cats {
		k := strings.ToLower(c.name)
		ref.byName[k] = append(ref.byName[k], c.id)
	}
	if ref.taken, err = numbersOf(ctx, q, typ); err != nil {
		return ref, err
	}
	ref.nextNum, err = coding.NextFor(ctx, q, codingKind(typ))
	return ref, err
}

// Import reads a file of contacts of the type. Every row is checked; with
// dryRun, or when a row is bad, nothing is written and the report says why.
// Otherwise every row is written in one transaction. Empty numbers are
// given the next numbers in file order. Custom fields are read under their
// labels and checked as a save through add checks them.
func (s *Service) Import(ctx context.Context, p *server.Principal, lang i18n.Lang, typ int64, dryRun bool, r io.Reader) (sheet.Result, error) {
	if err := validType("type", typ); err != nil {
		return sheet.Result{}, err
	}
	if err := require(p, typ, "import"); err != nil {
		return sheet.Result{}, err
	}
	ref, err := loadRefs(ctx, s.db, typ)
	if err != nil {
		return sheet.Result{}, fmt.Errorf("import contacts: %w", err)
	}
	file, err := sheet.Read(lang, r, append(columns(typ), ref.custom.Columns(lang)...), MaxImportRows)
	if err != nil {
		return sheet.Result{}, err
	}
	for _, row := range file.Rows {
		if n := row.Get("number"); n != "" {
			if _, seen := ref.inFile[n]; !seen {
				ref.inFile[n] = row.Line
			}
		}
	}
	res := sheet.NewResult(dryRun)
	rows := make([]row, 0, len(file.Rows))
	for _, line := range file.Rows {
		r, err := ref.check(lang, typ, line)
		if err := res.Add(lang, file, line, err); err != nil {
			return sheet.Result{}, err
		}
		if err == nil {
			rows = append(rows, r)
		}
	}
	if dryRun || res.InvalidCount > 0 {
		return res, nil
	}
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		err := insertMany(ctx, tx, rows)
		if db.IsUnique(err) {
			// Someone added one of these numbers meanwhile.
			return errs.Conflict("contact.err.importRace")
		}
		return err
	})
	if err != nil {
		return sheet.Result{}, errs.Wrap("import contacts", err)
	}
	res.ImportedCount = len(rows)
	return res, nil
}

// check turns one line into a row to store, or the field errors of its cells.
func (ref *importRefs) check(lang i18n.Lang, typ int64, line sheet.Row) (row, error) {
	var f errs.Fields
	in := Input{Number: line.Get("number"), Name: line.Get("name"), BeginDate: sheet.Date(line.Get("beginDate")), Remark: line.Get("remark")}
	if l := (LinkInput{LinkName: line.Get("linkName"), LinkMobile: line.Get("linkMobile"), LinkPhone: line.Get("linkPhone"),
		LinkIm: line.Get("linkIm"), Address: line.Get("address")}); l != (LinkInput{}) {
		in.LinkMans = Links{l}
	}
	if lv, ok := parseLevel(line.Get("cLevel")); ok {
		in.CLevel = lv
	} else {
		f.Add("cLevel", "err.oneOf", errs.A("field", labelLevel))
	}
	for _, d := range []struct {
		key   string
		label errs.Key
		into  *dec.Dec
	}{{"taxRate", labelTaxRate, &in.TaxRate}, {"amount", labelAmount, &in.Amount}, {"periodMoney", labelPeriodMoney, &in.PeriodMoney}} {
		if v := line.Get(d.key); v != "" {
			x, err := dec.Parse(v)
			if err != nil {
				f.Add(d.key, "err.invalid", errs.A("field", d.label))
				continue
			}
			*d.into = x
		}
	}
	if c := line.Get("category"); c != "" {
		id, key := ref.category(c)
		if id == 0 {
			f.Add("category", key, errs.A("value", c))
		}
		in.CategoryID = id
	}
	var vf errs.Fields
	links, _ := in.validate(&vf, typ, false, ref.sys)
	// An imported contact is new: no opening once a period is closed.
	openingLocked(&vf, ref.sys, "amount", in.Amount, dec.Zero)
	openingLocked(&vf, ref.sys, "periodMoney", in.PeriodMoney, dec.Zero)
	if e, ok := errs.As(vf.Err()); ok {
		for _, fe := range e.Fields {
			// One contact person per line: its cells are plain columns.
			if i := strings.Index(fe.Path, "]."); i >= 0 {
				fe.Path = fe.Path[i+2:]
			}
			f.Add(fe.Path, fe.Key, fe.Args...)
		}
	}
	if in.Number != "" {
		if first := ref.inFile[in.Number]; first != line.Line {
			f.Add("number", "contact.err.dupInFile", errs.A("field", labelNumber(typ)), errs.A("value", in.Number), errs.A("row", first))
		} else if ref.taken[in.Number] {
			f.Add("number", "err.duplicate", errs.A("field", labelNumber(typ)), errs.A("value", in.Number))
		}
	}
	values := ref.custom.Row(line, &f)
	if err := f.Err(); err != nil {
		return row{}, err
	}
	if in.Number == "" {
		for ref.taken[ref.nextNum] || ref.inFile[ref.nextNum] != 0 {
			ref.nextNum = coding.Increment(ref.nextNum)
		}
		in.Number = ref.nextNum
		ref.taken[in.Number] = true
	}
	r := makeRow(&in, typ, links, ref.sys)
	r.custom = values
	return r, nil
}

// category finds a category by path ("A/B") or by name; 0 and the message
// key when there is none or the name is ambiguous.
func (ref *importRefs) category(v string) (int64, string) {
	k := strings.ToLower(strings.Trim(strings.TrimSpace(v), "/"))
	if id, ok := ref.byPath[k]; ok {
		return id, ""
	}
	if strings.Contains(k, "/") {
		return 0, "contact.err.unknownCategory"
	}
	switch ids := ref.byName[k]; len(ids) {
	case 0:
		return 0, "contact.err.unknownCategory"
	case 1:
		return ids[0], ""
	default:
		return 0, "contact.err.ambiguousCategory"
	}
}

// parseLevel reads a level cell: empty (retail), the number, or its label
// in either language.
func parseLevel(v string) (int64, bool) {
	if v == "" {
		return LevelRetail, true
	}
	for lv := LevelRetail; lv <= LevelDiscount2; lv++ {
		if v == strconv.Itoa(lv) {
			return int64(lv), true
		}
		for _, l := range i18n.Langs {
			if strings.EqualFold(v, i18n.T(l, string(levelKey(lv)))) {
				return int64(lv), true
			}
		}
	}
	return 0, false
}
