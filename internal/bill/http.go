package bill

import (
	"context"
	"io"
	"strconv"
	"strings"

	"cangshu/internal/custom"
	"cangshu/internal/errs"
	"cangshu/internal/i18n"
	"cangshu/internal/server"
	"cangshu/internal/sheet"
	"cangshu/internal/sysparam"
)

// Routes are the endpoints of one kind (docs/api.md §4): list, query, add,
// update (both with ?check=1 to save and audit at once), delete, check,
// uncheck (each with ?id=1,2,3 and per-id results) and export.
// logSkip are the document fields an update changes by itself, left out of
// the operation log's changed fields.
var logSkip = []string{"modifyTime", "version", "checked", "checkName", "checkTime", "id"}

func Routes(s *Service, k *Kind) []server.Route {
	tag := k.Name
	perm := func(action string) string { return k.Perm + ":" + action }
	logKey := func(action string) string { return "log." + k.Name + "." + action }
	save := func(update bool) server.Handler {
		return server.In(func(c *server.Ctx, in Input) (any, error) {
			check, err := c.QueryInt("check", 0)
			if err != nil || (check != 0 && check != 1) {
				return nil, errs.Field("check", "err.badParam", errs.A("name", "check"))
			}
			if check == 1 {
				if err := c.Require(perm("check")); err != nil {
					return nil, err
				}
			}
			if !update {
				d, err := s.Save(c.Context(), c.User, k, in, false, check == 1)
				if err == nil {
					c.LogRefs(d.ID)
				}
				return d, err
			}
			// The operation log gets the changed fields, as the caller
			// sees the document (money rights applied).
			before, err := s.Get(c.Context(), c.User, k, in.ID)
			if err != nil {
				return nil, err
			}
			after, err := s.Save(c.Context(), c.User, k, in, true, check == 1)
			if err != nil {
				return nil, err
			}
			c.LogChanges(server.Diff(before, after, logSkip...)...)
			c.LogRefs(after.ID)
			return after, nil
		})
	}
	batch := func(f func(ctx context.Context, p *server.Principal, k *Kind, id int64) error) server.Handler {
		return server.QIDs("id", func(c *server.Ctx, ids []int64) (any, error) {
			c.LogRefs(ids...)
			return c.Batch(ids, func(id int64) error { return f(c.Context(), c.User, k, id) }), nil
		})
	}
	routes := []server.Route{
		{Method: "GET", Path: k.Path + "/list", Perm: perm("query"), Tag: tag, H: server.Listed(func(c *server.Ctx, p server.ListParams) (any, error) {
			f, err := readFilter(c)
			if err != nil {
				return nil, err
			}
			return s.List(c.Context(), c.User, k, f, p)
		})},
		{Method: "GET", Path: k.Path + "/query", Perm: perm("query"), Tag: tag, H: server.QID("id", func(c *server.Ctx, id int64) (any, error) { return s.Get(c.Context(), c.User, k, id) })},
		{Method: "POST", Path: k.Path + "/add", Perm: perm("add"), Log: logKey("add"), Tag: tag, H: save(false)},
		{Method: "POST", Path: k.Path + "/update", Perm: perm("update"), Log: logKey("update"), Tag: tag, H: save(true)},
		{Method: "DELETE", Path: k.Path + "/delete", Perm: perm("delete"), Log: logKey("delete"), Tag: tag, H: batch(s.Delete)},
		{Method: "POST", Path: k.Path + "/check", Perm: perm("check"), Log: logKey("check"), Tag: tag, H: batch(s.Check)},
		{Method: "POST", Path: k.Path + "/uncheck", Perm: perm("uncheck"), Log: logKey("uncheck"), Tag: tag, H: batch(s.Uncheck)},
		{Method: "GET", Path: k.Path + "/export", Perm: perm("export"), Log: logKey("export"), Tag: tag, H: func(c *server.Ctx) (any, error) {
			f, err := readFilter(c)
			if err != nil {
				return nil, err
			}
			p, err := c.List()
			if err != nil {
				return nil, err
			}
			return s.Export(c.Context(), c.User, c.Lang, k, f, p)
		}},
	}
	routes = append(routes, attachmentRoutes(s, k)...)
	if k.Order {
		routes = append(routes,
			server.Route{Method: "GET", Path: k.Path + "/pending", Perm: perm("query"), Tag: tag, H: server.QID("id", func(c *server.Ctx, id int64) (any, error) { return s.Pending(c.Context(), c.User, k, id) })},
			server.Route{Method: "POST", Path: k.Path + "/close", Perm: perm("close"), Log: logKey("close"), Tag: tag, H: batch(s.Close)},
			server.Route{Method: "POST", Path: k.Path + "/open", Perm: perm("open"), Log: logKey("open"), Tag: tag, H: batch(s.Open)},
		)
	}
	for i := range routes {
		routes[i] = k.Describe(routes[i])
	}
	return routes
}

// Describe names the description of one of the kind's routes: the shared
// text of its action ("api.bill.check", "api.bill.attachment.list": the
// path after the kind's prefix) composed with what users call the kind
// ("销货单：审核…", "Sales delivery: audit …").
func (k *Kind) Describe(r server.Route) server.Route {
	r.Doc = "api.bill." + strings.ReplaceAll(strings.TrimPrefix(r.Path, k.Path+"/"), "/", ".")
	r.DocArgs = []errs.Arg{errs.A("kind", k.Label)}
	return r
}

// readFilter reads the list's filters.
func readFilter(c *server.Ctx) (Filter, error) {
	f := Filter{BeginDate: strings.TrimSpace(c.Query("beginDate")), EndDate: strings.TrimSpace(c.Query("endDate")),
		BillNo: strings.TrimSpace(c.Query("billNo")), Checked: -1, BillStatus: -1}
	for _, d := range []struct{ name, v string }{{"beginDate", f.BeginDate}, {"endDate", f.EndDate}} {
		if d.v != "" && !sysparam.ValidDate(d.v) {
			return f, errs.Field(d.name, "err.badParam", errs.A("name", d.name))
		}
	}
	var err error
	for _, p := range []struct {
		name string
		dst  *int64
	}{{"buId", &f.BuID}, {"locationId", &f.LocationID}, {"invId", &f.InvID}} {
		if *p.dst, err = c.QueryInt(p.name, 0); err != nil {
			return f, err
		}
	}
	if v := strings.TrimSpace(c.Query("billStatus")); v != "" {
		n, err := c.QueryInt("billStatus", -1)
		if err != nil || n < 0 || n > 3 {
			return f, errs.Field("billStatus", "err.badParam", errs.A("name", "billStatus"))
		}
		f.BillStatus = int(n)
	}
	// invoiceState=0, 1, 2 or a list of them (0,1: not fully invoiced).
	if v := strings.TrimSpace(c.Query("invoiceState")); v != "" {
		for _, part := range strings.Split(v, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(part))
			if err != nil || n < 0 || n > 2 {
				return f, errs.Field("invoiceState", "err.badParam", errs.A("name", "invoiceState"))
			}
			f.InvoiceStates = append(f.InvoiceStates, n)
		}
	}
	// hxState=0, 1, 2 or a list of them (0,1: something still open).
	if v := strings.TrimSpace(c.Query("hxState")); v != "" {
		for _, part := range strings.Split(v, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(part))
			if err != nil || n < 0 || n > 2 {
				return f, errs.Field("hxState", "err.badParam", errs.A("name", "hxState"))
			}
			f.HXStates = append(f.HXStates, n)
		}
	}
	// checked=0|1, or status=0|1 (the client's name for it); absent = any.
	for _, name := range []string{"checked", "status"} {
		if v := strings.TrimSpace(c.Query(name)); v != "" {
			n, err := c.QueryInt(name, -1)
			if err != nil || (n != 0 && n != 1 && n != -1) {
				return f, errs.Field(name, "err.badParam", errs.A("name", name))
			}
			f.Checked = int(n)
		}
	}
	return f, nil
}

// exportColumns are the built-in columns of a kind's export: the account
// for kinds naming one in their head, the amounts when money is shown, and
// for kinds receipts and payments settle (settle: their words, settleWords)
// the settlement state, with what is settled and open when money is shown
// (as the list on screen).
func exportColumns(accounts, money bool, settle string) []sheet.Column {
	cols := []sheet.Column{{Key: "date", Label: labelDate}, {Key: "billNo", Label: labelBillNo, Text: true, Width: 20},
		{Key: "contactName", Label: labelContact, Width: 20}, {Key: "salesName", Label: labelSales}, {Key: "totalQty", Label: labelQty}}
	if accounts {
		cols = append(cols, sheet.Column{Key: "accName", Label: labelAccount, Width: 20})
	}
	if money {
		cols = append(cols, sheet.Column{Key: "amount", Label: "bill.field.amount"}, sheet.Column{Key: "rpAmount", Label: "bill.field.rpAmount"},
			sheet.Column{Key: "arrears", Label: "bill.field.arrears"})
		if settle != "" {
			cols = append(cols, sheet.Column{Key: "settledAmount", Label: errs.Key(settle + ".settled")},
				sheet.Column{Key: "openAmount", Label: errs.Key(settle + ".open")})
		}
	}
	if settle != "" {
		cols = append(cols, sheet.Column{Key: "hxStateCode", Label: errs.Key(settle + ".state")})
	}
	return append(cols, sheet.Column{Key: "checked", Label: "bill.field.checked"}, sheet.Column{Key: "userName", Label: "bill.field.userName"},
		sheet.Column{Key: "description", Label: labelDescription, Width: 30})
}

// settleWords is the key prefix of the words of a settled kind's columns
// (as the list on screen says them): money coming in (sales, purchase
// returns) is 已收款/未收款/收款状态, going out (purchases, sales returns)
// 已付款/未付款/付款状态; "" for kinds receipts and payments do not settle.
func settleWords(k *Kind) string {
	switch {
	case !k.Settled():
		return ""
	case (k.ContactType == Customer) != (k.ReturnOf != ""):
		return "bill.settle.in"
	default:
		return "bill.settle.out"
	}
}

// SheetColumns are every built-in column a document export may have (the
// custom fields' labels must differ from them).
func SheetColumns() []sheet.Column {
	cols := exportColumns(true, true, "bill.settle.in")
	for _, c := range []string{"settled", "open", "state"} {
		cols = append(cols, sheet.Column{Key: c + "Out", Label: errs.Key("bill.settle.out." + c)})
	}
	return cols
}

// Export is the Excel of the filtered list (every matching document).
func (s *Service) Export(ctx context.Context, p *server.Principal, lang i18n.Lang, k *Kind, f Filter, lp server.ListParams) (server.File, error) {
	shopID, err := shopOf(p)
	if err != nil {
		return server.File{}, err
	}
	order, err := lp.OrderBy(sortable, "b.bill_date DESC")
	if err != nil {
		return server.File{}, err
	}
	f.MatchCon = lp.MatchCon
	f.rights = p.Rights
	if f, err = f.withCustom(ctx, s.db); err != nil {
		return server.File{}, err
	}
	rows, _, _, err := listBills(ctx, s.db, shopID, k.Name, f, order, -1, 0)
	if err == nil {
		err = listAccounts(ctx, s.db, k, rows)
	}
	if err == nil {
		err = attachCustom(ctx, s.db, rows)
	}
	if err != nil {
		return server.File{}, err
	}
	defs, err := custom.Defs(ctx, s.db, custom.TargetBill)
	if err != nil {
		return server.File{}, err
	}
	money := k.MoneyRight == "" || p.Can(k.MoneyRight)
	accounts := hasAccount(k)
	settle := settleWords(k)
	cols := append(exportColumns(accounts, money, settle), custom.Columns(defs, lang)...)
	return sheet.Export(lang, k.File, k.Label, cols, func(add func([]any) error) error {
		for _, d := range rows {
			state := i18n.T(lang, "bill.state.draft")
			if d.Checked == 1 {
				state = i18n.T(lang, "bill.state.audited")
			}
			row := []any{d.Date, d.BillNo, d.ContactName, d.SalesName, d.TotalQty.String()}
			if accounts {
				row = append(row, d.AccName)
			}
			if money {
				row = append(row, d.Amount.String(), d.RPAmount.String(), d.Arrears.String())
				if settle != "" {
					d.settlement(k)
					row = append(row, d.SettledAmount.String(), d.OpenAmount.String())
				}
			}
			if settle != "" {
				row = append(row, i18n.T(lang, settle+"."+strconv.Itoa(d.HXStateCode)))
			}
			row = append(row, state, d.UserName, d.Description)
			if err := add(append(row, custom.Cells(defs, d.Custom, lang)...)); err != nil {
				return err
			}
		}
		return nil
	})
}

// attachmentRoutes are the files of a kind's documents (attach.go): who may
// see a document sees its files, who may edit the kind adds and removes
// them (audited documents included).
func attachmentRoutes(s *Service, k *Kind) []server.Route {
	query, update := k.Perm+":query", k.Perm+":update"
	p := k.Path + "/attachment/"
	return []server.Route{
		{Method: "GET", Path: p + "list", Perm: query, Tag: k.Name, H: server.QID("id", func(c *server.Ctx, id int64) (any, error) { return s.Attachments(c.Context(), c.User, k, id) })},
		{Method: "POST", Path: p + "add", Perm: update, Upload: true, MaxBytes: MaxAttachmentBytes + 64<<10, Log: "log.bill.attach", Tag: k.Name,
			H: func(c *server.Ctx) (any, error) {
				id, err := c.QueryID("id")
				if err != nil {
					return nil, err
				}
				c.LogRefs(id)
				return s.Attach(c.Context(), c.User, k, id, strings.TrimSpace(c.Query("role")), func() (Upload, error) {
					_, h, err := c.FormFile("file")
					if err != nil {
						return Upload{}, err
					}
					return Upload{Name: h.Filename, Size: h.Size, Open: func() (io.ReadCloser, error) { return h.Open() }}, nil
				})
			}},
		{Method: "GET", Path: p + "get", Perm: query, Tag: k.Name, H: server.QID("id", func(c *server.Ctx, id int64) (any, error) {
			f, err := s.AttachmentData(c.Context(), c.User, k, id)
			if err != nil {
				return nil, err
			}
			return server.File{Name: f.Name, ContentType: f.ContentType, Data: f.Data}, nil
		})},
		{Method: "DELETE", Path: p + "delete", Perm: update, Log: "log.bill.detach", Tag: k.Name, H: server.QID("id", func(c *server.Ctx, id int64) (any, error) { return server.Done(s.Detach(c.Context(), c.User, k, id)) })},
	}
}
