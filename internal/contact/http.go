package contact

import (
	"cangshu/internal/errs"
	"cangshu/internal/server"
)

// Routes lists the customer and supplier endpoints. Where one path serves
// both screens the route declares both permissions and the service requires
// the one of the record's (or the request's) type.
func Routes(s *Service) []server.Route {
	const tag = "contact"
	either := func(action string) string { return "settings:customer:" + action + "|settings:supplier:" + action }
	return []server.Route{
		{Method: "GET", Path: "/api/contact/list", Perm: either("query"), Tag: tag, Summary: "Page of customers (type=-10) or suppliers (type=10) (page, rows, sidx number|name|balance, sord, matchCon, categoryId with its subtree, disable)", H: server.Listed(func(c *server.Ctx, p server.ListParams) (any, error) {
			q, err := listQuery(c)
			if err != nil {
				return nil, err
			}
			return s.List(c.Context(), c.User, q, p)
		})},
		{Method: "GET", Path: "/api/contact/get_update", Perm: either("query"), Tag: tag, Summary: "One customer or supplier with its contact people (?id=)", H: server.QID("id", func(c *server.Ctx, id int64) (any, error) { return s.Get(c.Context(), c.User, id) })},
		{Method: "GET", Path: "/api/contact/nextNumber", Perm: either("add"), Tag: tag, Summary: "The proposed number of a new customer or supplier (?type=)", H: func(c *server.Ctx) (any, error) {
			typ, err := c.QueryInt("type", 0)
			if err != nil {
				return nil, err
			}
			return s.NextNumber(c.Context(), c.User, typ)
		}},
		{Method: "POST", Path: "/api/contact/add", Perm: either("add"), Log: "log.contact.add", Tag: tag, Summary: "Create a customer or supplier (type, linkMans)", H: server.In(func(c *server.Ctx, in Input) (any, error) { return s.Add(c.Context(), c.User, in) })},
		{Method: "POST", Path: "/api/contact/update", Perm: either("update"), Log: "log.contact.update", Tag: tag, Summary: "Update a customer or supplier (body with id; the type stays)", H: server.In(func(c *server.Ctx, in Input) (any, error) { return s.Update(c.Context(), c.User, in) })},
		{Method: "DELETE", Path: "/api/contact/delete", Perm: either("delete"), Log: "log.contact.delete", Tag: tag, Summary: "Delete customers or suppliers (?id=1,2); per-id results, refused while in use", H: server.QIDs("id", func(c *server.Ctx, ids []int64) (any, error) {
			return c.Batch(ids, func(id int64) error { return s.Delete(c.Context(), c.User, id) }), nil
		})},
		{Method: "POST", Path: "/api/contact/disable", Perm: either("disable"), Log: "log.contact.disable", Tag: tag, Summary: "Disable (disable=1, default) or enable (disable=0) customers or suppliers (?id=1,2); per-id results", H: server.QIDs("id", func(c *server.Ctx, ids []int64) (any, error) {
			d, err := c.QueryInt("disable", 1)
			if err != nil || (d != 0 && d != 1) {
				return nil, errs.Field("disable", "err.badParam", errs.A("name", "disable"))
			}
			return c.Batch(ids, func(id int64) error { return s.SetDisabled(c.Context(), c.User, id, d) }), nil
		})},
		{Method: "GET", Path: "/api/contact/exporter", Perm: "settings:customer:export", Tag: tag, Summary: "The filtered customer list as Excel (same filters as list)", H: exporter(s, TypeCustomer)},
		{Method: "GET", Path: "/api/contact/exporterSupplier", Perm: "settings:supplier:export", Tag: tag, Summary: "The filtered supplier list as Excel (same filters as list)", H: exporter(s, TypeSupplier)},
		{Method: "GET", Path: "/api/contact/template", Perm: either("import"), Tag: tag, Summary: "The Excel import template of customers or suppliers (?type=)", H: func(c *server.Ctx) (any, error) {
			typ, err := c.QueryInt("type", 0)
			if err != nil {
				return nil, err
			}
			return s.Template(c.User, c.Lang, typ)
		}},
		{Method: "POST", Path: "/api/contact/import", Perm: either("import"), Upload: true, Log: "log.contact.import", Tag: tag, Summary: "Import customers or suppliers from Excel (?type=&dryRun=1, multipart file); all rows or none", H: func(c *server.Ctx) (any, error) {
			typ, err := c.QueryInt("type", 0)
			if err != nil {
				return nil, err
			}
			dry, err := c.QueryInt("dryRun", 0)
			if err != nil || (dry != 0 && dry != 1) {
				return nil, errs.Field("dryRun", "err.badParam", errs.A("name", "dryRun"))
			}
			// Check the type and permission before reading the upload.
			if err := validType("type", typ); err != nil {
				return nil, err
			}
			if err := require(c.User, typ, "import"); err != nil {
				return nil, err
			}
			f, _, err := c.FormFile("file")
			if err != nil {
				return nil, err
			}
			defer f.Close()
			return s.Import(c.Context(), c.User, c.Lang, typ, dry == 1, f)
		}},
	}
}

func exporter(s *Service, typ int64) server.Handler {
	return server.Listed(func(c *server.Ctx, p server.ListParams) (any, error) {
		q, err := listQuery(c)
		if err != nil {
			return nil, err
		}
		q.Type = typ
		return s.Export(c.Context(), c.User, c.Lang, q, p)
	})
}

func listQuery(c *server.Ctx) (ListQuery, error) {
	typ, err := c.QueryInt("type", 0)
	if err != nil {
		return ListQuery{}, err
	}
	cat, err := c.QueryInt("categoryId", 0)
	if err != nil {
		return ListQuery{}, err
	}
	d, err := c.QueryInt("disable", 1)
	if err != nil || (d != 0 && d != 1) {
		return ListQuery{}, errs.Field("disable", "err.badParam", errs.A("name", "disable"))
	}
	return ListQuery{Type: typ, CategoryID: cat, Enabled: d == 0}, nil
}
