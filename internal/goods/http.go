package goods

import (
	"context"
	"io"
	"strconv"
	"strings"

	"cangshu/internal/errs"
	"cangshu/internal/i18n"
	"cangshu/internal/server"
	"cangshu/internal/sheet"
)

// Permissions of the goods screen.
const (
	permQuery   = "settings:inventory:query"
	permAdd     = "settings:inventory:add"
	permUpdate  = "settings:inventory:update"
	permDelete  = "settings:inventory:delete"
	permDisable = "settings:inventory:disable"
	permImport  = "settings:inventory:import"
	permExport  = "settings:inventory:export"
	permImage   = "settings:inventory:image"
	permSKU     = "settings:inventory:sku"

	permPriceQuery  = "settings:price:query"
	permPriceUpdate = "settings:price:update"
	permPriceImport = "settings:price:import"
	permPriceExport = "settings:price:export"
)

// Routes lists the goods and SKU endpoints.
func Routes(s *Service) []server.Route {
	const inv = "/api/inventory/"
	const tag = "goods"
	h := handlers{s}
	return []server.Route{
		{Method: "GET", Path: inv + "list", Perm: permQuery, Tag: tag, H: server.Listed(h.list)},
		{Method: "GET", Path: inv + "get_update", Perm: permQuery, Tag: tag, H: server.QID("id", h.get)},
		{Method: "POST", Path: inv + "add", Perm: permAdd, Log: "log.goods.add", Tag: tag, H: server.In(h.add)},
		{Method: "POST", Path: inv + "update", Perm: permUpdate, Log: "log.goods.update", Tag: tag, H: server.In(h.update)},
		{Method: "DELETE", Path: inv + "delete", Perm: permDelete, Log: "log.goods.delete", Tag: tag, H: server.QIDs("id", h.delete)},
		{Method: "POST", Path: inv + "disable", Perm: permDisable, Log: "log.goods.disable", Tag: tag, H: server.QIDs("id", h.disable)},
		{Method: "GET", Path: inv + "nextNumber", Perm: permAdd, Tag: tag, H: h.nextNumber},
		{Method: "GET", Path: inv + "listBySelected", Perm: permQuery, Tag: tag, H: server.QIDs("ids", h.listBySelected)},
		{Method: "GET", Path: inv + "available", Perm: permQuery, Tag: tag, H: server.QIDs("ids", h.available)},
		{Method: "GET", Path: inv + "getBarCode", Perm: permQuery, Tag: tag, H: h.barCode},
		{Method: "GET", Path: inv + "getImagesById", Perm: permQuery, Tag: tag, H: server.QID("id", h.images)},
		{Method: "GET", Path: inv + "image", Perm: permQuery, Tag: tag, H: server.QID("id", h.image)},
		{Method: "POST", Path: inv + "addImagesToInv2", Perm: permImage, Upload: true, Log: "log.goods.addImages", Tag: tag, H: h.addImages},
		{Method: "POST", Path: inv + "deleteImageId", Perm: permImage, Log: "log.goods.deleteImage", Tag: tag, H: server.QID("id", h.deleteImageID)},
		{Method: "POST", Path: inv + "deleteImage", Perm: permImage, Log: "log.goods.deleteImage", Tag: tag, H: server.In(h.deleteImage)},
		{Method: "GET", Path: inv + "getQiniuToken", Perm: permImage, Tag: tag, H: h.uploadInfo},
		{Method: "POST", Path: inv + "deleteSku", Perm: permSKU, Log: "log.goods.deleteSku", Tag: tag, H: server.QID("skuId", h.deleteGoodsSKU)},
		{Method: "GET", Path: inv + "exporter", Perm: permExport, Tag: tag, H: server.Listed(h.export)},
		{Method: "GET", Path: inv + "template", Perm: permImport, Tag: tag, H: h.template},
		{Method: "POST", Path: inv + "import", Perm: permImport, Upload: true, Log: "log.goods.import", Tag: tag, H: sheetImport(s.Import)},
		{Method: "GET", Path: inv + "prices", Perm: permPriceQuery, Tag: tag, H: server.Listed(h.priceList)},
		{Method: "POST", Path: inv + "prices", Perm: permPriceUpdate, Log: "log.goods.prices", Tag: tag, H: server.In(h.setPrices)},
		{Method: "GET", Path: inv + "prices/export", Perm: permPriceExport, Tag: tag, H: server.Listed(h.priceExport)},
		{Method: "POST", Path: inv + "prices/import", Perm: permPriceImport, Upload: true, Log: "log.goods.pricesImport", Tag: tag, H: func(c *server.Ctx) (any, error) {
			return sheetImport(func(ctx context.Context, lang i18n.Lang, r io.Reader, dryRun bool) (sheet.Result, error) {
				return s.PriceImport(ctx, lang, r, dryRun, money.Hidden(c.User))
			})(c)
		}},
		{Method: "GET", Path: "/api/assistSku/list", Perm: permQuery, Tag: tag, H: server.Listed(h.skus)},
		{Method: "POST", Path: "/api/assistSku/add", Perm: permSKU, Log: "log.goods.addSku", Tag: tag, H: server.In(h.addSKU)},
		{Method: "DELETE", Path: "/api/assistSku/delete", Perm: permSKU, Log: "log.goods.deleteSku", Tag: tag, H: server.QIDs("id", h.deleteSKUs)},
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
	page, err := h.s.List(c.Context(), c.User.ShopID, p, q)
	if err != nil {
		return nil, err
	}
	return money.Redact(c.User, page)
}

func (h handlers) get(c *server.Ctx, id int64) (any, error) {
	return redacted(c)(h.s.Get(c.Context(), c.User, id))
}

func (h handlers) add(c *server.Ctx, in Input) (any, error) {
	return redacted(c)(h.s.Add(c.Context(), c.User, in))
}

func (h handlers) update(c *server.Ctx, in Input) (any, error) {
	return redacted(c)(h.s.Update(c.Context(), c.User, in))
}

// redacted answers a goods item without the money the caller may not see.
func redacted(c *server.Ctx) func(d Detail, err error) (any, error) {
	return func(d Detail, err error) (any, error) {
		if err != nil {
			return nil, err
		}
		return money.Redact(c.User, d)
	}
}

func (h handlers) delete(c *server.Ctx, ids []int64) (any, error) {
	return c.Batch(ids, func(id int64) error { return h.s.Delete(c.Context(), id) }), nil
}

func (h handlers) disable(c *server.Ctx, ids []int64) (any, error) {
	d, err := flag(c, "disable", 1)
	if err != nil {
		return nil, err
	}
	return c.Batch(ids, func(id int64) error { return h.s.Disable(c.Context(), id, d) }), nil
}

func (h handlers) nextNumber(c *server.Ctx) (any, error) { return h.s.NextNumber(c.Context()) }

func (h handlers) listBySelected(c *server.Ctx, ids []int64) (any, error) {
	bu, err := c.QueryInt("buId", 0)
	if err != nil {
		return nil, err
	}
	switch c.Query("basis") {
	case "":
	case "cost":
		loc, err := c.QueryInt("locationId", 0)
		if err != nil {
			return nil, err
		}
		return h.s.ListCosts(c.Context(), c.User.ShopID, ids, loc, c.User.Can(costRight), c.User.Rights)
	default:
		return nil, errs.Field("basis", "err.invalid", errs.A("field", labelBasis))
	}
	return h.s.ListBySelected(c.Context(), c.User, ids, bu)
}

func (h handlers) available(c *server.Ctx, ids []int64) (any, error) {
	loc, err := c.QueryInt("locationId", 0)
	if err != nil {
		return nil, err
	}
	return h.s.Available(c.Context(), c.User.ShopID, ids, loc, c.User.Rights)
}

func (h handlers) barCode(c *server.Ctx) (any, error) {
	return h.s.BarCode(c.Context(), c.Query("barCode"))
}

func (h handlers) images(c *server.Ctx, id int64) (any, error) { return h.s.Images(c.Context(), id) }

func (h handlers) image(c *server.Ctx, id int64) (any, error) {
	return h.s.Image(c.Context(), id, c.Query("thumb") == "1")
}

func (h handlers) addImages(c *server.Ctx) (any, error) {
	if _, _, err := c.FormFile("file"); err != nil {
		return nil, err
	}
	id, err := strconv.ParseInt(strings.TrimSpace(firstOf(c.R.FormValue("invId"), c.Query("invId"))), 10, 64)
	if err != nil || id <= 0 {
		return nil, errs.Field("invId", "err.badParam", errs.A("name", "invId"))
	}
	return h.s.AddImages(c.Context(), id, c.R.MultipartForm.File["file"])
}

func (h handlers) deleteImageID(c *server.Ctx, id int64) (any, error) {
	return server.Done(h.s.DeleteImage(c.Context(), id))
}

func (h handlers) deleteImage(c *server.Ctx, in struct {
	ID int64 `json:"id"`
}) (any, error) {
	if in.ID <= 0 {
		return nil, errs.Required("id", "field.id")
	}
	return server.Done(h.s.DeleteImage(c.Context(), in.ID))
}

func (h handlers) uploadInfo(c *server.Ctx) (any, error) { return Upload(), nil }

func (h handlers) deleteGoodsSKU(c *server.Ctx, sku int64) (any, error) {
	inv, err := c.QueryID("invId")
	if err != nil {
		return nil, err
	}
	return server.Done(h.s.DeleteSKU(c.Context(), inv, sku))
}

func (h handlers) export(c *server.Ctx, p server.ListParams) (any, error) {
	q, err := listQuery(c)
	if err != nil {
		return nil, err
	}
	return h.s.Export(c.Context(), c.User, c.Lang, p, q)
}

func (h handlers) template(c *server.Ctx) (any, error) { return h.s.Template(c.Context(), c.Lang) }

// sheetImport is a spreadsheet upload's handler: the multipart file, with
// ?dryRun=1 to check only, read by read (goods or prices).
func sheetImport(read func(ctx context.Context, lang i18n.Lang, r io.Reader, dryRun bool) (sheet.Result, error)) server.Handler {
	return func(c *server.Ctx) (any, error) {
		dry, err := flag(c, "dryRun", 0)
		if err != nil {
			return nil, err
		}
		f, _, err := c.FormFile("file")
		if err != nil {
			return nil, err
		}
		defer f.Close()
		return read(c.Context(), c.Lang, f, dry == 1)
	}
}

func (h handlers) priceList(c *server.Ctx, p server.ListParams) (any, error) {
	q, err := listQuery(c)
	if err != nil {
		return nil, err
	}
	page, err := h.s.PriceList(c.Context(), p, q)
	if err != nil {
		return nil, err
	}
	return money.Redact(c.User, page)
}

func (h handlers) setPrices(c *server.Ctx, in PricesInput) (any, error) {
	n, err := h.s.SetPrices(c.Context(), in, money.Hidden(c.User))
	return map[string]int{"count": n}, err
}

func (h handlers) priceExport(c *server.Ctx, p server.ListParams) (any, error) {
	q, err := listQuery(c)
	if err != nil {
		return nil, err
	}
	return h.s.PriceExport(c.Context(), c.User, c.Lang, p, q)
}

func (h handlers) skus(c *server.Ctx, p server.ListParams) (any, error) {
	inv, err := c.QueryInt("invId", 0)
	if err != nil || inv < 0 {
		return nil, errs.Field("invId", "err.badParam", errs.A("name", "invId"))
	}
	if inv == 0 {
		rows, total, err := h.s.AllSKUs(c.Context(), p)
		if err != nil {
			return nil, err
		}
		return server.NewListPage(p, rows, total), nil
	}
	rows, err := h.s.ListSKUs(c.Context(), inv)
	if err != nil {
		return nil, err
	}
	return server.NewListPage(server.ListParams{Page: 1, Rows: max(1, len(rows))}, rows, len(rows)), nil
}

func (h handlers) addSKU(c *server.Ctx, in AddSKUInput) (any, error) {
	return h.s.AddSKU(c.Context(), in)
}

func (h handlers) deleteSKUs(c *server.Ctx, ids []int64) (any, error) {
	return c.Batch(ids, func(id int64) error { return h.s.DeleteSKU(c.Context(), 0, id) }), nil
}

// listQuery reads the list's filters. disable=0 lists enabled goods only;
// isDelete and status (the client's preload) are accepted and ignored.
func listQuery(c *server.Ctx) (ListQuery, error) {
	var q ListQuery
	var err error
	if q.CategoryID, err = c.QueryInt("categoryId", 0); err != nil {
		return q, err
	}
	if q.LocationID, err = c.QueryInt("locationId", 0); err != nil {
		return q, err
	}
	if q.SkuTypeID, err = c.QueryInt("skuTypeId", 0); err != nil {
		return q, err
	}
	d, err := flag(c, "disable", 1)
	if err != nil {
		return q, err
	}
	q.EnabledOnly = d == 0
	return q, nil
}

// flag reads a 0/1 query value (def when absent).
func flag(c *server.Ctx, name string, def int64) (int64, error) {
	v, err := c.QueryInt(name, def)
	if err != nil {
		return 0, err
	}
	if v != 0 && v != 1 {
		return 0, errs.Field(name, "err.badParam", errs.A("name", name))
	}
	return v, nil
}

func firstOf(a, b string) string {
	if strings.TrimSpace(a) != "" {
		return a
	}
	return b
}
