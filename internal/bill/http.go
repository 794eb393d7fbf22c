package bill

import (
	"context"
	"strings"

	"cangshu/internal/errs"
	"cangshu/internal/i18n"
	"cangshu/internal/server"
	"cangshu/internal/sheet"
	"cangshu/internal/sysparam"
)

// Routes are the endpoints of one kind (api.md §4): list, query, add,
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
				return s.Save(c.Context(), c.User, k, in, false, check == 1)
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
			return after, nil
		})
	}
	batch := func(f func(ctx context.Context, p *server.Principal, k *Kind, id int64) error) server.Handler {
		return server.QIDs("id", func(c *server.Ctx, ids []int64) (any, error) {
			return c.Batch(ids, func(id int64) error { return f(c.Context(), c.User, k, id) }), nil
		})
	}
	routes := []server.Route{
		{Method: "GET", Path: k.Path + "/list", Perm: perm("query"), Tag: tag, Summary: "Page of documents of the active shop (page, rows, sidx, sord, matchCon over number/contact/description, beginDate, endDate, buId, locationId, invId, checked, billNo; orders: billStatus) with a totals row",
			H: server.Listed(func(c *server.Ctx, p server.ListParams) (any, error) {
				f, err := readFilter(c)
				if err != nil {
					return nil, err
				}
				return s.List(c.Context(), c.User, k, f, p)
			})},
		{Method: "GET", Path: k.Path + "/query", Perm: perm("query"), Tag: tag, Summary: "One document with its lines and settlement lines (?id=)",
			H: server.QID("id", func(c *server.Ctx, id int64) (any, error) { return s.Get(c.Context(), c.User, k, id) })},
		{Method: "POST", Path: k.Path + "/add", Perm: perm("add"), Log: logKey("add"), Tag: tag, Summary: "Save a new document as a draft (?check=1: and audit it in the same transaction)", H: save(false)},
		{Method: "POST", Path: k.Path + "/update", Perm: perm("update"), Log: logKey("update"), Tag: tag, Summary: "Update a draft (body with id and version; a stale version answers 409; ?check=1: and audit it)", H: save(true)},
		{Method: "DELETE", Path: k.Path + "/delete", Perm: perm("delete"), Log: logKey("delete"), Tag: tag, Summary: "Delete drafts (?id=1,2); per-id results, audited documents refused", H: batch(s.Delete)},
		{Method: "POST", Path: k.Path + "/check", Perm: perm("check"), Log: logKey("check"), Tag: tag, Summary: "Audit documents (?id=1,2); per-id results", H: batch(s.Check)},
		{Method: "POST", Path: k.Path + "/uncheck", Perm: perm("uncheck"), Log: logKey("uncheck"), Tag: tag, Summary: "Un-audit documents (?id=1,2); per-id results, refused while a later document depends on one", H: batch(s.Uncheck)},
		{Method: "GET", Path: k.Path + "/export", Perm: perm("export"), Log: logKey("export"), Tag: tag, Summary: "Excel of the filtered list (the list's filters)",
			H: func(c *server.Ctx) (any, error) {
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
	if !k.Order {
		return routes
	}
	return append(routes,
		server.Route{Method: "GET", Path: k.Path + "/pending", Perm: perm("query"), Tag: tag, Summary: "The order's lines with ordered, fulfilled and remaining quantities (line unit and base unit), price, rates and warehouse: what a receipt or delivery is built from (?id=)",
			H: server.QID("id", func(c *server.Ctx, id int64) (any, error) { return s.Pending(c.Context(), c.User, k, id) })},
		server.Route{Method: "POST", Path: k.Path + "/close", Perm: perm("close"), Log: logKey("close"), Tag: tag, Summary: "Close audited orders (?id=1,2): billStatus 3, nothing more fulfilled from them; per-id results", H: batch(s.Close)},
		server.Route{Method: "POST", Path: k.Path + "/open", Perm: perm("open"), Log: logKey("open"), Tag: tag, Summary: "Open closed orders again (?id=1,2): billStatus recomputed from what was fulfilled; per-id results", H: batch(s.Open)},
	)
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
	rows, _, _, err := listBills(ctx, s.db, shopID, k.Name, f, order, -1, 0)
	if err != nil {
		return server.File{}, err
	}
	money := k.MoneyRight == "" || p.Can(k.MoneyRight)
	cols := []sheet.Column{{Key: "date", Label: labelDate}, {Key: "billNo", Label: labelBillNo, Text: true, Width: 20},
		{Key: "contactName", Label: labelContact, Width: 20}, {Key: "salesName", Label: labelSales}, {Key: "totalQty", Label: labelQty}}
	if money {
		cols = append(cols, sheet.Column{Key: "amount", Label: "bill.field.amount"}, sheet.Column{Key: "rpAmount", Label: "bill.field.rpAmount"},
			sheet.Column{Key: "arrears", Label: "bill.field.arrears"})
	}
	cols = append(cols, sheet.Column{Key: "checked", Label: "bill.field.checked"}, sheet.Column{Key: "userName", Label: "bill.field.userName"},
		sheet.Column{Key: "description", Label: labelDescription, Width: 30})
	return sheet.Export(lang, k.File, k.Label, cols, func(add func([]any) error) error {
		for _, d := range rows {
			state := i18n.T(lang, "bill.state.draft")
			if d.Checked == 1 {
				state = i18n.T(lang, "bill.state.audited")
			}
			row := []any{d.Date, d.BillNo, d.ContactName, d.SalesName, d.TotalQty.String()}
			if money {
				row = append(row, d.Amount.String(), d.RPAmount.String(), d.Arrears.String())
			}
			if err := add(append(row, state, d.UserName, d.Description)); err != nil {
				return err
			}
		}
		return nil
	})
}
