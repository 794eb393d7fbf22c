package app

import (
	"encoding/json"
	"regexp"
	"sort"
	"strings"

	"cangshu/internal/i18n"
	"cangshu/internal/server"
)

var pathParam = regexp.MustCompile(`\{([A-Za-z_][A-Za-z0-9_]*)(\.\.\.)?\}`)

// openAPIPath turns a ServeMux pattern path into an OpenAPI path.
func openAPIPath(p string) string { return strings.ReplaceAll(p, "{$}", "") }

// openAPI describes every route of the table, generated from the table
// itself so that no route can be missing, its descriptions in lang (the
// server catalogue, api.json). Permissions are in x-permission.
func openAPI(routes []server.Route, version string, lang i18n.Lang) ([]byte, error) {
	envelope := map[string]any{
		"type": "object",
		"properties": map[string]any{
			"status": map[string]any{"type": "integer", "example": 200},
			"msg":    map[string]any{"type": "string"},
			"data":   map[string]any{},
		},
	}
	errorBody := map[string]any{
		"type": "object",
		"properties": map[string]any{
			"status":    map[string]any{"type": "integer", "example": -1},
			"code":      map[string]any{"type": "string", "example": "A0400"},
			"msg":       map[string]any{"type": "string"},
			"errors":    map[string]any{"type": "object", "additionalProperties": map[string]any{"type": "string"}},
			"requestId": map[string]any{"type": "string"},
		},
	}
	errResp := func(desc string) map[string]any {
		return map[string]any{"description": desc, "content": map[string]any{
			"application/json": map[string]any{"schema": map[string]any{"$ref": "#/components/schemas/Error"}}}}
	}
	paths := map[string]map[string]any{}
	tags := map[string]bool{}
	for _, r := range routes {
		p := openAPIPath(r.Path)
		if paths[p] == nil {
			paths[p] = map[string]any{}
		}
		var params []map[string]any
		for _, m := range pathParam.FindAllStringSubmatch(r.Path, -1) {
			params = append(params, map[string]any{"name": m[1], "in": "path", "required": true, "schema": map[string]any{"type": "string"}})
		}
		op := map[string]any{
			"summary":     i18n.T(lang, r.DocKey(), r.DocArgs...),
			"operationId": strings.ToLower(r.Method) + strings.NewReplacer("/", "_", "{", "", "}", "", "$", "", "-", "_").Replace(p),
			"tags":        []string{r.Tag},
			"responses": map[string]any{
				"200": map[string]any{"description": "OK", "content": map[string]any{
					"application/json": map[string]any{"schema": map[string]any{"$ref": "#/components/schemas/Envelope"}}}},
				"400": errResp("Bad input"),
				"500": errResp("System error"),
			},
		}
		tags[r.Tag] = true
		if len(params) > 0 {
			op["parameters"] = params
		}
		if r.Public {
			op["security"] = []any{}
		} else {
			op["x-permission"] = r.Perm
			resp := op["responses"].(map[string]any)
			resp["401"] = errResp("Not signed in (A0230)")
			resp["403"] = errResp("Permission missing (A0301)")
		}
		if r.Log != "" {
			op["x-operation-log"] = r.Log
		}
		paths[p][strings.ToLower(r.Method)] = op
	}
	var tagList []map[string]any
	for t := range tags {
		tagList = append(tagList, map[string]any{"name": t})
	}
	sort.Slice(tagList, func(i, j int) bool { return tagList[i]["name"].(string) < tagList[j]["name"].(string) })
	doc := map[string]any{
		"openapi": "3.0.3",
		"info": map[string]any{
			"title":       "Cangshu API",
			"version":     version,
			"description": i18n.T(lang, "api.info"),
		},
		"servers": []any{map[string]any{"url": "/"}},
		"tags":    tagList,
		"paths":   paths,
		"components": map[string]any{
			"securitySchemes": map[string]any{"bearer": map[string]any{"type": "http", "scheme": "bearer", "bearerFormat": "JWT"}},
			"schemas":         map[string]any{"Envelope": envelope, "Error": errorBody},
		},
		"security": []any{map[string]any{"bearer": []any{}}},
	}
	return json.MarshalIndent(doc, "", " ")
}

// apiDocRoute serves the description of the given table (itself included).
func apiDocRoute(table *[]server.Route) server.Route {
	return server.Route{Method: "GET", Path: "/api/openapi.json", Public: true, Tag: "apidoc",
		H: func(c *server.Ctx) (any, error) {
			b, err := openAPI(*table, Version, c.Lang)
			if err != nil {
				return nil, err
			}
			return server.Raw{ContentType: "application/json; charset=utf-8", Data: b}, nil
		}}
}
