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
	h := handlers{s}
	return []server.Route{
		{Method: "GET", Path: "/api/contact/list", Perm: either("query"), Tag: tag, H: server.Listed(h.list)},
		{Method: "GET", Path: "/api/contact/get_update", Perm: either("query"), Tag: tag, H: server.QID("id", h.get)},
		{Method: "GET", Path: "/api/contact/nextNumber", Perm: either("add"), Tag: tag, H: h.nextNumber},
		{Method: "POST", Path: "/api/contact/add", Perm: either("add"), Log: "log.contact.add", Tag: tag, H: server.In(h.add)},
		{Method: "POST", Path: "/api/contact/update", Perm: either("update"), Log: "log.contact.update", Tag: tag, H: server.In(h.update)},
		{Method: "DELETE", Path: "/api/contact/delete", Perm: either("delete"), Log: "log.contact.delete", Tag: tag, H: server.QIDs("id", h.delete)},
		{Method: "POST", Path: "/api/contact/disable", Perm: either("disable"), Log: "log.contact.disable", Tag: tag, H: server.QIDs("id", h.disable)},
		{Method: "GET", Path: "/api/contact/exporter", Perm: "settings:customer:export", Tag: tag, H: server.Listed(h.export(TypeCustomer))},
		{Method: "GET", Path: "/api/contact/exporterSupplier", Perm: "settings:supplier:export", Tag: tag, H: server.Listed(h.export(TypeSupplier))},
		{Method: "GET", Path: "/api/contact/template", Perm: either("import"), Tag: tag, H: h.template},
		{Method: "POST", Path: "/api/contact/import", Perm: either("import"), Upload: true, Log: "log.contact.import", Tag: tag, H: h.importFile},
	}
}

// handlers are the route table's handlers: they read the request and call
// the service.
type handlers struct{ s *Service }

func (h handlers) list(c *server.Ctx, p server.ListParams) (any, error) {
	q, err := listQuery(c)
	if err != nil {
		return nil, err
	}
	page, err := h.s.List(c.Context(), c.User, q, p)
	if err != nil {
		return nil, err
	}
	return money(q.Type).Redact(c.User, page)
}

func (h handlers) get(c *server.Ctx, id int64) (any, error) {
	return redacted(c)(h.s.Get(c.Context(), c.User, id))
}

// redacted answers a contact without the money the caller may not see.
func redacted(c *server.Ctx) func(d Detail, err error) (any, error) {
	return func(d Detail, err error) (any, error) {
		if err != nil {
			return nil, err
		}
		return money(int64(d.Type)).Redact(c.User, d)
	}
}

func (h handlers) nextNumber(c *server.Ctx) (any, error) {
	typ, err := c.QueryInt("type", 0)
	if err != nil {
		return nil, err
	}
	return h.s.NextNumber(c.Context(), c.User, typ)
}

func (h handlers) add(c *server.Ctx, in Input) (any, error) {
	return redacted(c)(h.s.Add(c.Context(), c.User, in))
}

func (h handlers) update(c *server.Ctx, in Input) (any, error) {
	return redacted(c)(h.s.Update(c.Context(), c.User, in))
}

func (h handlers) delete(c *server.Ctx, ids []int64) (any, error) {
	return c.Batch(ids, func(id int64) error { return h.s.Delete(c.Context(), c.User, id) }), nil
}

func (h handlers) disable(c *server.Ctx, ids []int64) (any, error) {
	d, err := c.QueryInt("disable", 1)
	if err != nil || (d != 0 && d != 1) {
		return nil, errs.Field("disable", "err.badParam", errs.A("name", "disable"))
	}
	return c.Batch(ids, func(id int64) error { return h.s.SetDisabled(c.Context(), c.User, id, d) }), nil
}

// export answers the filtered list of contacts of type typ as Excel.
func (h handlers) export(typ int64) func(*server.Ctx, server.ListParams) (any, error) {
	return func(c *server.Ctx, p server.ListParams) (any, error) {
		q, err := listQuery(c)
		if err != nil {
			return nil, err
		}
		q.Type = typ
		return h.s.Export(c.Context(), c.User, c.Lang, q, p)
	}
}

func (h handlers) template(c *server.Ctx) (any, error) {
	typ, err := c.QueryInt("type", 0)
	if err != nil {
		return nil, err
	}
	return h.s.Template(c.Context(), c.User, c.Lang, typ)
}

func (h handlers) importFile(c *server.Ctx) (any, error) {
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
	return h.s.Import(c.Context(), c.User, c.Lang, typ, dry == 1, f)
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
