package app

import (
	"cangshu/internal/access"
	"cangshu/internal/auth"
	"cangshu/internal/dept"
	"cangshu/internal/dict"
	"cangshu/internal/home"
	"cangshu/internal/menu"
	"cangshu/internal/notice"
	"cangshu/internal/oplog"
	"cangshu/internal/role"
	"cangshu/internal/server"
	"cangshu/internal/shop"
	"cangshu/internal/sysconf"
	"cangshu/internal/user"
)

// routes is the whole route table: each domain's Routes lists its endpoints,
// one line each, with the permission it needs.
func (a *App) routes() []server.Route {
	var r []server.Route
	r = append(r, auth.Routes(a.Auth)...)
	r = append(r, user.Routes(a.Users)...)
	r = append(r, role.Routes(a.Roles)...)
	r = append(r, access.Routes(a.Access)...)
	r = append(r, dept.Routes(a.Depts)...)
	r = append(r, menu.Routes(a.Menus)...)
	r = append(r, dict.Routes(a.Dicts)...)
	r = append(r, notice.Routes(a.Notices)...)
	r = append(r, oplog.Routes(a.OpLog)...)
	r = append(r, oplog.LiveRoutes(a.Live)...)
	r = append(r, sysconf.Routes(a.Conf)...)
	r = append(r, shop.Routes(a.Shops)...)
	r = append(r, home.Routes(a.Home)...)
	r = append(r, a.basic...)
	r = append(r, apiDocRoute(&a.table))
	a.table = r
	return r
}
