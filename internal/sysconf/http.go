package sysconf

import (
	"fmt"
	"reflect"

	"cangshu/internal/server"
	"cangshu/internal/sysparam"
)

// Routes lists the config-key and system-parameter endpoints.
func Routes(s *Service) []server.Route {
	view := func(c *server.Ctx) View {
		return View{Lang: c.Lang, SeeSecrets: c.User.Can("sys:config:update")}
	}
	return []server.Route{
		{Method: "GET", Path: "/api/config/page", Perm: "sys:config:query", Tag: "config", Summary: "Page of config keys (keywords over name and key, pageNum, pageSize)", H: server.Paged(func(c *server.Ctx, p server.PageParams) (any, error) {
			return s.Page(c.Context(), view(c), c.Query("keywords"), p)
		})},
		{Method: "GET", Path: "/api/config/{id}/form", Perm: "sys:config:update", Tag: "config", Summary: "A config key for editing", H: server.ID("id", func(c *server.Ctx, id int64) (any, error) { return s.Form(c.Context(), view(c), id) })},
		{Method: "POST", Path: "/api/config/{$}", Perm: "sys:config:add", Log: "log.sysconf.create", Tag: "config", Summary: "Create a config key", H: server.In(func(c *server.Ctx, in Input) (any, error) { return s.Create(c.Context(), view(c), in) })},
		{Method: "POST", Path: "/api/config/{id}", Perm: "sys:config:update", Log: "log.sysconf.update", Tag: "config", Summary: "Update a config key (built-in keys: value and remark only)", H: server.IDIn("id", func(c *server.Ctx, id int64, in Input) (any, error) {
			return s.Update(c.Context(), view(c), id, in)
		})},
		{Method: "DELETE", Path: "/api/config/{ids}", Perm: "sys:config:delete", Log: "log.sysconf.delete", Tag: "config", Summary: "Delete config keys (ids 1,2,3; built-in keys refused)", H: server.IDs("ids", func(c *server.Ctx, ids []int64) (any, error) { return server.Done(s.Delete(c.Context(), ids)) })},
		{Method: "POST", Path: "/api/config/refresh", Perm: "sys:config:refresh", Log: "log.sysconf.refresh", Tag: "config", Summary: "Refresh the config cache (a no-op: values are always read from the database)", H: func(c *server.Ctx) (any, error) { return server.Done(s.Refresh(c.Context())) }},
		{Method: "GET", Path: "/api/config/system", Perm: "settings:parameter:query", Tag: "config", Summary: "Every system parameter, typed", H: func(c *server.Ctx) (any, error) { return s.SystemFor(c.Context(), view(c)) }},
		{Method: "POST", Path: "/api/config/system", Perm: "settings:parameter:update", Log: "log.sysconf.system", Tag: "config", Summary: "Change system parameters (a partial object; all or nothing)", H: func(c *server.Ctx) (any, error) {
			values, err := bindSystem(c)
			if err != nil {
				return nil, err
			}
			return s.UpdateSystem(c.Context(), view(c), values)
		}},
	}
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
