package sysconf

import (
	"fmt"
	"reflect"

	"cangshu/internal/server"
	"cangshu/internal/sysparam"
)

// Routes lists the config-key and system-parameter endpoints.
func Routes(s *Service) []server.Route {
	const tag = "config"
	h := handlers{s}
	return []server.Route{
		{Method: "GET", Path: "/api/config/page", Perm: "sys:config:query", Tag: tag, H: server.Paged(h.page)},
		{Method: "GET", Path: "/api/config/{id}/form", Perm: "sys:config:update", Tag: tag, H: server.ID("id", h.form)},
		{Method: "POST", Path: "/api/config/{$}", Perm: "sys:config:add", Log: "log.sysconf.create", Tag: tag, H: server.In(h.create)},
		{Method: "POST", Path: "/api/config/{id}", Perm: "sys:config:update", Log: "log.sysconf.update", Tag: tag, H: server.IDIn("id", h.update)},
		{Method: "DELETE", Path: "/api/config/{ids}", Perm: "sys:config:delete", Log: "log.sysconf.delete", Tag: tag, H: server.IDs("ids", h.delete)},
		{Method: "POST", Path: "/api/config/refresh", Perm: "sys:config:refresh", Log: "log.sysconf.refresh", Tag: tag, H: h.refresh},
		{Method: "GET", Path: "/api/config/system", Perm: "settings:parameter:query", Tag: tag, H: h.system},
		{Method: "POST", Path: "/api/config/system", Perm: "settings:parameter:update", Log: "log.sysconf.system", Tag: tag, H: h.updateSystem},
	}
}

// handlers are the route table's handlers: they read the request and call
// the service.
type handlers struct{ s *Service }

// view is what the caller may see of config keys.
func view(c *server.Ctx) View {
	return View{Lang: c.Lang, SeeSecrets: c.User.Can("sys:config:update")}
}

func (h handlers) page(c *server.Ctx, p server.PageParams) (any, error) {
	return h.s.Page(c.Context(), view(c), c.Query("keywords"), p)
}

func (h handlers) form(c *server.Ctx, id int64) (any, error) {
	return h.s.Form(c.Context(), view(c), id)
}

func (h handlers) create(c *server.Ctx, in Input) (any, error) {
	return h.s.Create(c.Context(), view(c), in)
}

func (h handlers) update(c *server.Ctx, id int64, in Input) (any, error) {
	return h.s.Update(c.Context(), view(c), id, in)
}

func (h handlers) delete(c *server.Ctx, ids []int64) (any, error) {
	return server.Done(h.s.Delete(c.Context(), ids))
}

func (h handlers) refresh(c *server.Ctx) (any, error) { return server.Done(h.s.Refresh(c.Context())) }

func (h handlers) system(c *server.Ctx) (any, error) { return h.s.SystemFor(c.Context(), view(c)) }

func (h handlers) updateSystem(c *server.Ctx) (any, error) {
	values, err := bindSystem(c)
	if err != nil {
		return nil, err
	}
	return h.s.UpdateSystem(c.Context(), view(c), values)
}

// bindSystem decodes a partial parameter object. Its input struct is made
// from the definition table (one Value field per parameter, named by the
// parameter's JSON key), so that JSON, postData and plain form fields all
// decode through c.Bind without a second list of parameters.
func bindSystem(c *server.Ctx) (map[string]sysparam.Value, error) {
	params := sysparam.Params()
	fields := make([]reflect.StructField, len(params))
	for i, p := range params {
		fields[i] = reflect.StructField{
			Name: fmt.Sprintf("P%d", i),
			Type: reflect.TypeFor[sysparam.Value](),
			Tag:  reflect.StructTag(`json:"` + p.Key + `"`),
		}
	}
	in := reflect.New(reflect.StructOf(fields))
	if err := c.Bind(in.Interface()); err != nil {
		return nil, err
	}
	out := make(map[string]sysparam.Value, len(params))
	for i, p := range params {
		out[p.Key] = in.Elem().Field(i).Interface().(sysparam.Value)
	}
	return out, nil
}
