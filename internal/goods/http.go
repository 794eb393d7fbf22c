package goods

import (
	"strconv"
	"strings"

	"cangshu/internal/errs"
	"cangshu/internal/server"
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
)

// Routes lists the goods and SKU endpoints.
func Routes(s *Service) []server.Route {
	const inv = "/api/inventory/"
	return []server.Route{
		{Method: "GET", Path: inv + "list", Perm: permQuery, Tag: "goods", Summary: "Page of goods with units and SKUs (matchCon, categoryId, disable, locationId, skuTypeId, sidx, sord)", H: server.Listed(func(c *server.Ctx, p server.ListParams) (any, error) {
			q, err := listQuery(c)
			if err != nil {
				return nil, err
			}
			return s.List(c.Context(), c.User.ShopID, p, q)
		})},
		{Method: "GET", Path: inv + "get_update", Perm: permQuery, Tag: "goods", Summary: "A goods item with warnings, opening stock and images (?id=)", H: server.QID("id", func(c *server.Ctx, id int64) (any, error) { return s.Get(c.Context(), id) })},
		{Method: "POST", Path: inv + "add", Perm: permAdd, Log: "log.goods.add", Tag: "goods", Summary: "Add a goods item", H: server.In(func(c *server.Ctx, in Input) (any, error) { return s.Add(c.Context(), in) })},
		{Method: "POST", Path: inv + "update", Perm: permUpdate, Log: "log.goods.update", Tag: "goods", Summary: "Update a goods item", H: server.In(func(c *server.Ctx, in Input) (any, error) { return s.Update(c.Context(), in) })},
		{Method: "DELETE", Path: inv + "delete", Perm: permDelete, Log: "log.goods.delete", Tag: "goods", Summary: "Delete goods (?id=1,2; refused while used), per id", H: server.QIDs("id", func(c *server.Ctx, ids []int64) (any, error) {
			return c.Batch(ids, func(id int64) error { return s.Delete(c.Context(), id) }), nil
		})},
		{Method: "POST", Path: inv + "disable", Perm: permDisable, Log: "log.goods.disable", Tag: "goods", Summary: "Disable (disable=1) or enable (disable=0) goods (?id=1,2), per id", H: server.QIDs("id", func(c *server.Ctx, ids []int64) (any, error) {
			d, err := flag(c, "disable", 1)
			if err != nil {
				return nil, err
			}
			return c.Batch(ids, func(id int64) error { return s.Disable(c.Context(), id, d) }), nil
		})},
		{Method: "GET", Path: inv + "nextNumber", Perm: permAdd, Tag: "goods", Summary: "The number proposed for the next goods item", H: func(c *server.Ctx) (any, error) { return s.NextNumber(c.Context()) }},
		{Method: "GET", Path: inv + "listBySelected", Perm: permQuery, Tag: "goods", Summary: "Prices proposed for picked goods (?ids=1,2&buId=): level price, last price to/from the contact, and the price priceSequence resolves", H: server.QIDs("ids", func(c *server.Ctx, ids []int64) (any, error) {
			bu, err := c.QueryInt("buId", 0)
			if err != nil {
				return nil, err
			}
			return s.ListBySelected(c.Context(), c.User.ShopID, ids, bu)
		})},
		{Method: "GET", Path: inv + "available", Perm: permQuery, Tag: "goods", Summary: "On hand per goods, SKU and warehouse of the active shop, base unit (?ids=1,2&locationId=): what a document line can take", H: server.QIDs("ids", func(c *server.Ctx, ids []int64) (any, error) {
			loc, err := c.QueryInt("locationId", 0)
			if err != nil {
				return nil, err
			}
			return s.Available(c.Context(), c.User.ShopID, ids, loc)
		})},
		{Method: "GET", Path: inv + "getBarCode", Perm: permQuery, Tag: "goods", Summary: "The goods, unit and SKU a barcode names (?barCode=)", H: func(c *server.Ctx) (any, error) { return s.BarCode(c.Context(), c.Query("barCode")) }},
		{Method: "GET", Path: inv + "getImagesById", Perm: permQuery, Tag: "goods", Summary: "Pictures of a goods item (?id=)", H: server.QID("id", func(c *server.Ctx, id int64) (any, error) { return s.Images(c.Context(), id) })},
		{Method: "GET", Path: inv + "image", Perm: permQuery, Tag: "goods", Summary: "The bytes of a picture (?id=, thumb=1 for the 200 px thumbnail)", H: server.QID("id", func(c *server.Ctx, id int64) (any, error) {
			return s.Image(c.Context(), id, c.Query("thumb") == "1")
		})},
		{Method: "POST", Path: inv + "addImagesToInv2", Perm: permImage, Upload: true, Log: "log.goods.addImages", Tag: "goods", Summary: "Upload pictures of a goods item (multipart invId, file …: jpeg/png/gif/webp, 5 MB each, 10 per goods)", H: func(c *server.Ctx) (any, error) {
			if _, _, err := c.FormFile("file"); err != nil {
				return nil, err
			}
			id, err := strconv.ParseInt(strings.TrimSpace(firstOf(c.R.FormValue("invId"), c.Query("invId"))), 10, 64)
			if err != nil || id <= 0 {
				return nil, errs.Field("invId", "err.badParam", errs.A("name", "invId"))
			}
			return s.AddImages(c.Context(), id, c.R.MultipartForm.File["file"])
		}},
		{Method: "POST", Path: inv + "deleteImageId", Perm: permImage, Log: "log.goods.deleteImage", Tag: "goods", Summary: "Delete a picture (?id=)", H: server.QID("id", func(c *server.Ctx, id int64) (any, error) { return server.Done(s.DeleteImage(c.Context(), id)) })},
		{Method: "POST", Path: inv + "deleteImage", Perm: permImage, Log: "log.goods.deleteImage", Tag: "goods", Summary: "Delete a picture ({id})", H: server.In(func(c *server.Ctx, in struct {
			ID int64 `json:"id"`
		}) (any, error) {
			if in.ID <= 0 {
				return nil, errs.Required("id", "field.id")
			}
			return server.Done(s.DeleteImage(c.Context(), in.ID))
		})},
		{Method: "GET", Path: inv + "getQiniuToken", Perm: permImage, Tag: "goods", Summary: "How to upload pictures (no cloud: the server stores them)", H: func(c *server.Ctx) (any, error) { return Upload(), nil }},
		{Method: "POST", Path: inv + "deleteSku", Perm: permSKU, Log: "log.goods.deleteSku", Tag: "goods", Summary: "Delete a SKU (?invId=&skuId=; refused once used)", H: server.QID("skuId", func(c *server.Ctx, sku int64) (any, error) {
			inv, err := c.QueryID("invId")
			if err != nil {
				return nil, err
			}
			return server.Done(s.DeleteSKU(c.Context(), inv, sku))
		})},
		{Method: "GET", Path: inv + "exporter", Perm: permExport, Tag: "goods", Summary: "The filtered goods list as Excel (same filters as list)", H: server.Listed(func(c *server.Ctx, p server.ListParams) (any, error) {
			q, err := listQuery(c)
			if err != nil {
				return nil, err
			}
			return s.Export(c.Context(), c.Lang, p, q)
		})},
		{Method: "GET", Path: inv + "template", Perm: permImport, Tag: "goods", Summary: "The Excel import template", H: func(c *server.Ctx) (any, error) { return s.Template(c.Lang) }},
		{Method: "POST", Path: inv + "import", Perm: permImport, Upload: true, Log: "log.goods.import", Tag: "goods", Summary: "Import goods from Excel (multipart file, ?dryRun=1), all rows or none", H: func(c *server.Ctx) (any, error) {
			dry, err := flag(c, "dryRun", 0)
			if err != nil {
				return nil, err
			}
			f, _, err := c.FormFile("file")
			if err != nil {
				return nil, err
			}
			defer f.Close()
			return s.Import(c.Context(), c.Lang, f, dry == 1)
		}},
		{Method: "GET", Path: "/api/assistSku/list", Perm: permQuery, Tag: "goods", Summary: "SKUs of a goods item (?invId=), or every SKU page by page (the client's preload: page, rows)", H: server.Listed(func(c *server.Ctx, p server.ListParams) (any, error) {
			inv, err := c.QueryInt("invId", 0)
			if err != nil || inv < 0 {
				return nil, errs.Field("invId", "err.badParam", errs.A("name", "invId"))
			}
			if inv == 0 {
				rows, total, err := s.AllSKUs(c.Context(), p)
				if err != nil {
					return nil, err
				}
				return server.NewListPage(p, rows, total), nil
			}
			rows, err := s.ListSKUs(c.Context(), inv)
			if err != nil {
				return nil, err
			}
			return server.NewListPage(server.ListParams{Page: 1, Rows: max(1, len(rows))}, rows, len(rows)), nil
		})},
		{Method: "POST", Path: "/api/assistSku/add", Perm: permSKU, Log: "log.goods.addSku", Tag: "goods", Summary: "Add a SKU to a goods item ({invId, assistIds, barCode})", H: server.In(func(c *server.Ctx, in AddSKUInput) (any, error) { return s.AddSKU(c.Context(), in) })},
		{Method: "DELETE", Path: "/api/assistSku/delete", Perm: permSKU, Log: "log.goods.deleteSku", Tag: "goods", Summary: "Delete SKUs (?id=1,2; refused once used), per id", H: server.QIDs("id", func(c *server.Ctx, ids []int64) (any, error) {
			return c.Batch(ids, func(id int64) error { return s.DeleteSKU(c.Context(), 0, id) }), nil
		})},
	}
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
