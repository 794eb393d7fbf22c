package menu

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/server"
)

// Menu entry types (youlai's).
const (
	TypeCatalog = "CATALOG"
	TypeMenu    = "MENU"
	TypeButton  = "BUTTON"
	TypeExtLink = "EXTLINK"
)

// Built-in role codes besides server.RootRole.
const (
	RoleClerk      = "CLERK"
	RoleKeeper     = "KEEPER"
	RoleBookkeeper = "BOOKKEEPER"
)

// Seed is one built-in menu entry.
type Seed struct {
	Code       string            // stable unique key, e.g. "purchase.purOrder", "purchase.purOrder.add"
	Name       string            // zh-CN title
	NameEn     string            // English title (docs/glossary.md vocabulary)
	Type       string            // CATALOG | MENU | BUTTON | EXTLINK
	Path       string            // route path: top-level catalogs absolute ("/purchase"), children relative ("purOrder")
	Component  string            // "Layout" for catalogs; view name for menus, e.g. "purchase/purOrder"; "" for buttons
	Perm       string            // button permission module:entity:action; "" otherwise
	Icon       string            // icon name, for catalogs
	Redirect   string            // route to open instead of this one
	Hidden     bool              // route exists but not shown in the menu (document entry pages, profile)
	KeepAlive  bool              // the page is kept alive while its tab is open
	AlwaysShow bool              // show the catalog even with a single child
	Params     map[string]string // route params, e.g. {"title": "..."}; may be nil
	// Roles are the built-in role codes (besides ROOT) granted this entry. A
	// button with nil Roles inherits its parent's Roles; an empty, non-nil
	// slice grants it to none. An entry is also granted to every role granted
	// one of its descendants, so that a role's route tree is complete.
	Roles    []string
	Children []Seed
}

// BuiltinRole is a role created on first start.
type BuiltinRole struct {
	Code, Name, NameEn, Remark string
	Sort                       int
	DataScope                  int // 0 all data, 1 own department and below, 2 own department, 3 self
}

// BuiltinRoles are the roles created on first start (and again whenever one
// is missing). ROOT passes every permission check and needs no grants.
var BuiltinRoles = []BuiltinRole{
	{Code: server.RootRole, Name: "超级管理员", NameEn: "Administrator", Sort: 1, DataScope: 0,
		Remark: "Administrator: every right in every shop"},
	{Code: RoleClerk, Name: "业务员", NameEn: "Clerk", Sort: 2, DataScope: 1,
		Remark: "Clerk: purchase and sales documents, trade reports, purchase and sales amounts"},
	{Code: RoleKeeper, Name: "仓管员", NameEn: "Warehouse keeper", Sort: 3, DataScope: 1,
		Remark: "Warehouse keeper: warehouse documents, stocktake, stock query and stock reports"},
	{Code: RoleBookkeeper, Name: "会计", NameEn: "Bookkeeper", Sort: 4, DataScope: 0,
		Remark: "Bookkeeper: fund documents, all reports, period close, every money right"},
}

// allRoles are the non-ROOT built-in roles.
var allRoles = []string{RoleClerk, RoleKeeper, RoleBookkeeper}

// Button sets, by kind of screen.
var (
	docActions       = []string{"query", "add", "update", "delete", "check", "uncheck", "export", "print"}
	orderActions     = slices.Concat(docActions, []string{"close", "open"})
	stocktakeActions = []string{"query", "add", "update", "delete", "check", "export", "print"}
	masterActions    = []string{"query", "add", "update", "delete", "disable", "import", "export"}
	goodsActions     = slices.Concat(masterActions, []string{"image", "sku"})
	crudActions      = []string{"query", "add", "update", "delete"}
	reportActions    = []string{"query", "export", "print"}
	sysActions       = []string{"query", "add", "edit", "delete"}
)

// Who gets which buttons, by kind of screen (ROOT always gets everything).
var (
	tradeDocs    = grant{RoleClerk: all, RoleKeeper: "query", RoleBookkeeper: "query"}
	invoiceDocs  = grant{RoleClerk: all, RoleBookkeeper: "query"}
	stockDocs    = grant{RoleKeeper: all, RoleBookkeeper: "query"}
	bookkeeping  = grant{RoleBookkeeper: all}
	stockQuery   = grant{RoleClerk: "query", RoleKeeper: all, RoleBookkeeper: all}
	contacts     = grant{RoleClerk: "query add", RoleKeeper: "query", RoleBookkeeper: "query"}
	readByAll    = grant{RoleClerk: "query", RoleKeeper: "query", RoleBookkeeper: "query"}
	accounts     = grant{RoleClerk: "query", RoleBookkeeper: all}
	tradeReports = grant{RoleClerk: all, RoleBookkeeper: all}
	stockReports = grant{RoleKeeper: all, RoleBookkeeper: all}
	adminOnly    = grant(nil)
)

// Seeds is the built-in menu tree: every screen of the product.
var Seeds = []Seed{
	{
		Code: "home", Name: "首页", NameEn: "Home", Type: TypeCatalog, Path: "/", Component: "Layout",
		Redirect: "/dashboard", Icon: "homepage",
		Children: []Seed{
			{Code: "home.dashboard", Name: "首页", NameEn: "Dashboard", Type: TypeMenu, Path: "dashboard",
				Component: "dashboard", Icon: "homepage", KeepAlive: true, Roles: allRoles},
			{Code: "home.profile", Name: "个人中心", NameEn: "My profile", Type: TypeMenu, Path: "profile",
				Component: "profile", Hidden: true, Roles: allRoles},
			{Code: "home.myNotice", Name: "我的通知", NameEn: "My notices", Type: TypeMenu, Path: "myNotice",
				Component: "system/myNotice", Hidden: true, KeepAlive: true, Roles: allRoles},
		},
	},

	catalog("purchase", "/purchase", "购货", "Purchasing", "purchase", slices.Concat(
		docMenus("purchase", "purOrder", "购货订单", "Record a purchase order", "Purchase orders", orderActions, tradeDocs),
		docMenus("purchase", "purchase", "购货单", "Record a purchase receipt", "Purchase receipts", docActions, tradeDocs),
		docMenus("purchase", "rePurchase", "购货退货单", "Record a purchase return", "Purchase returns", docActions, tradeDocs),
		docMenus("purchase", "purInvoice", "采购发票", "Record a purchase invoice", "Purchase invoices", docActions, invoiceDocs),
	)...),

	catalog("sales", "/sales", "销货", "Sales", "sales", slices.Concat(
		docMenus("sales", "salesOrder", "销货订单", "Record a sales order", "Sales orders", orderActions, tradeDocs),
		docMenus("sales", "sales", "销货单", "Record a sales delivery", "Sales deliveries", docActions, tradeDocs),
		docMenus("sales", "reSales", "销货退货单", "Record a sales return", "Sales returns", docActions, tradeDocs),
		docMenus("sales", "salesInvoice", "销售发票", "Record a sales invoice", "Sales invoices", docActions, invoiceDocs),
	)...),

	catalog("warehouse", "/warehouse", "仓库", "Warehouse", "storage", slices.Concat(
		docMenus("warehouse", "invTf", "调拨单", "Record a stock transfer", "Stock transfers", docActions, stockDocs),
		docMenusAt("warehouse", "otherIn", "warehouse_detail", "其他入库单", "Record other stock-in", "Other stock-ins", docActions, stockDocs),
		docMenusAt("warehouse", "otherOut", "exWarehouse_detail", "其他出库单", "Record other stock-out", "Other stock-outs", docActions, stockDocs),
		docMenus("warehouse", "costAdjustment", "成本调整单", "Record a cost adjustment", "Cost adjustments", docActions, bookkeeping),
		combinationMenus(stockDocs),
		docMenus("warehouse", "stocktake", "盘点单", "Record a stocktake", "Stocktakes", stocktakeActions, stockDocs),
		[]Seed{screen("warehouse", "stock", "库存查询", "Stock query", stockQuery, perms("warehouse:stock", "query", "export")...)},
	)...),

	catalog("fund", "/fund", "资金", "Funds", "fund", slices.Concat(
		docMenus("fund", "receipt", "收款单", "Record a receipt", "Receipts", docActions, bookkeeping),
		docMenus("fund", "payment", "付款单", "Record a payment", "Payments", docActions, bookkeeping),
		docMenus("fund", "income", "其他收入单", "Record other income", "Other income", docActions, bookkeeping),
		docMenus("fund", "expense", "其他支出单", "Record other expense", "Other expenses", docActions, bookkeeping),
		docMenus("fund", "fundTf", "资金转账单", "Record a fund transfer", "Fund transfers", docActions, bookkeeping),
		docMenus("fund", "verification", "核销单", "Record a settlement", "Settlements", docActions, bookkeeping),
	)...),

	catalog("report", "/report", "报表", "Reports", "report",
		catalog("report.purchase", "purchase", "采购报表", "Purchase reports", "purchase",
			report("puDetail", "采购明细表", "Purchase detail", tradeReports),
			report("puOrderDetail", "采购订单跟踪表", "Purchase order tracking", tradeReports),
			report("puSummaryInv", "采购汇总表（按商品）", "Purchase summary by goods", tradeReports),
			report("puSummarySupplier", "采购汇总表（按供应商）", "Purchase summary by supplier", tradeReports),
		),
		catalog("report.sales", "sales", "销售报表", "Sales reports", "sales",
			report("salesDetail", "销售明细表", "Sales detail", tradeReports),
			report("salesOrderDetail", "销售订单跟踪表", "Sales order tracking", tradeReports),
			report("salesSummaryInv", "销售汇总表（按商品）", "Sales summary by goods", tradeReports),
			report("salesSummaryCustomer", "销售汇总表（按客户）", "Sales summary by customer", tradeReports),
			report("salesProfit", "销售利润表", "Sales profit", bookkeeping), // all about cost
			report("salesSummarySales", "销售汇总表（按业务员）", "Sales summary by salesperson", tradeReports),
		),
		catalog("report.stock", "stock", "仓存报表", "Stock reports", "storage",
			report("invBalance", "商品库存余额表", "Goods balance", stockReports),
			report("deliverDetail", "商品收发明细表", "Goods flow detail", stockReports),
			report("deliverSummary", "商品收发汇总表", "Goods flow summary", stockReports),
			report("warehouseDetail", "商品入库明细表", "Stock-in detail", stockReports),
			report("outboundDetail", "商品出库明细表", "Stock-out detail", stockReports),
			report("serNumTracer", "序列号跟踪表", "Serial number tracking", stockReports),
			report("stockWarning", "库存预警", "Stock warnings", stockQuery),
		),
		catalog("report.fund", "fund", "资金报表", "Fund reports", "fund",
			report("bankJournal", "现金银行报表", "Cash/bank journal", bookkeeping),
			report("receivableDetail", "应收账款明细表", "Receivable detail", bookkeeping),
			report("payableDetail", "应付账款明细表", "Payable detail", bookkeeping),
			report("contactDebt", "往来单位欠款表", "Contact debt", tradeReports),
			// share: a statement the customer opens by link and answers (internal/statement)
			screen("report", "customerReconciliation", "客户对账单", "Customer reconciliation", bookkeeping,
				perms("report:customerReconciliation", slices.Concat(reportActions, []string{"share"})...)...),
			report("supplierReconciliation", "供应商对账单", "Supplier reconciliation", bookkeeping),
			report("oriDetail", "其他收支明细表", "Other income and expense detail", bookkeeping),
			report("receivableAgeing", "应收账款账龄分析", "Receivable ageing", bookkeeping),
			report("collectionOverview", "回款统计表", "Collection overview", bookkeeping),
		),
	),

	catalog("settings", "/settings", "设置", "Settings", "setting",
		catalog("settings.base", "base", "基础资料", "Basic data", "",
			screen("settings", "customer", "客户", "Customers", contacts, perms("settings:customer", masterActions...)...),
			screen("settings", "supplier", "供应商", "Suppliers", contacts, perms("settings:supplier", masterActions...)...),
			screen("settings", "inventory", "商品", "Goods", readByAll, perms("settings:inventory", goodsActions...)...),
			screen("settings", "price", "价格管理", "Price list", readByAll, perms("settings:price", "query", "update", "import", "export")...),
			screen("settings", "invlocation", "仓库", "Warehouses", readByAll, perms("settings:invlocation", masterActions...)...),
			screen("settings", "employee", "职员", "Staff", readByAll, perms("settings:employee", masterActions...)...),
			screen("settings", "settAcct", "结算账户", "Settlement accounts", accounts, perms("settings:settAcct", masterActions...)...),
		),
		catalog("settings.auxiliary", "auxiliary", "辅助资料", "Assisting data", "",
			screen("settings", "assist", "类别", "Categories", readByAll, perms("settings:assist", crudActions...)...),
			screen("settings", "unit", "计量单位", "Units", readByAll, slices.Concat(
				perms("settings:unit", crudActions...), perms("settings:unitType", crudActions...))...),
			screen("settings", "assistSku", "辅助属性", "Assisting attributes", readByAll, perms("settings:assistSku", crudActions...)...),
			screen("settings", "item", "收支项目", "Income/expense items", bookkeeping, perms("settings:item", crudActions...)...),
			screen("settings", "payMethod", "结算方式", "Payment methods", accounts, perms("settings:payMethod", crudActions...)...),
		),
		catalog("settings.advanced", "advanced", "高级设置", "Advanced settings", "",
			screen("settings", "parameter", "系统参数", "System parameters", adminOnly, perms("settings:parameter", "query", "update")...),
			screen("settings", "coding", "编码规则", "Coding rules", adminOnly, perms("settings:coding", "query", "update")...),
			screen("settings", "opening", "期初余额", "Opening balances", bookkeeping, perms("settings:opening", "query", "update")...),
			screen("settings", "period", "结账/反结账", "Period close", bookkeeping, perms("settings:period", "query", "close", "open")...),
			screen("settings", "recost", "重算成本", "Cost recalculation", bookkeeping, perms("settings:recost", "query", "execute")...),
			screen("settings", "customField", "自定义字段", "Custom fields", adminOnly, perms("settings:customField", crudActions...)...),
			screen("settings", "printTemplate", "打印模板", "Print templates", adminOnly, perms("settings:printTemplate", "query", "update")...),
			screen("settings", "backup", "备份与恢复", "Backup and restore", adminOnly,
				perms("settings:backup", "query", "add", "download", "restore", "delete")...),
			screen("settings", "reset", "重新初始化", "Reset data", adminOnly, perms("settings:reset", "execute")...),
		),
		hide(catalog("settings.rights", "rights", "金额权限", "Money visibility", "",
			withRoles(button("money:cost:view"), RoleBookkeeper),
			withRoles(button("money:purchaseAmount:view"), RoleClerk, RoleBookkeeper),
			withRoles(button("money:salesAmount:view"), RoleClerk, RoleBookkeeper),
		)),
	),

	catalog("system", "/system", "系统管理", "System", "system",
		screen("system", "user", "用户管理", "Users", adminOnly,
			perms("sys:user", "query", "add", "edit", "delete", "password:reset", "import", "export")...),
		screen("system", "role", "角色管理", "Roles", adminOnly, perms("sys:role", sysActions...)...),
		screen("system", "menu", "菜单管理", "Menus", adminOnly, perms("sys:menu", sysActions...)...),
		screen("system", "dept", "部门管理", "Departments", adminOnly, perms("sys:dept", sysActions...)...),
		screen("system", "dict", "字典管理", "Dictionaries", adminOnly, perms("sys:dict", sysActions...)...),
		hide(screen("system", "dictItem", "字典项", "Dictionary items", adminOnly, perms("sys:dict-item", sysActions...)...)),
		screen("system", "notice", "通知公告", "Notices", adminOnly,
			perms("sys:notice", "query", "add", "edit", "delete", "publish", "revoke")...),
		screen("system", "log", "操作日志", "Operation log", adminOnly, perms("sys:log", "query")...),
		screen("system", "config", "系统配置", "System config", adminOnly,
			perms("sys:config", "query", "add", "update", "delete", "refresh")...),
		screen("system", "shop", "店铺管理", "Shops", adminOnly, perms("sys:shop", sysActions...)...),
		screen("system", "apidoc", "接口文档", "API doc", adminOnly, perms("sys:apidoc", "query")...),
		screen("system", "logViewer", "日志查看", "Log viewer", adminOnly, perms("sys:logViewer", "query")...),
	),
}

// actionTitles name the buttons by the action part of their permission.
var actionTitles = map[string][2]string{
	"query":          {"查询", "Query"},
	"add":            {"新增", "Add"},
	"update":         {"修改", "Edit"},
	"edit":           {"修改", "Edit"},
	"delete":         {"删除", "Delete"},
	"check":          {"审核", "Audit"},
	"uncheck":        {"反审核", "Un-audit"},
	"export":         {"导出", "Export"},
	"print":          {"打印", "Print"},
	"close":          {"关闭", "Close"},
	"open":           {"开启", "Reopen"},
	"disable":        {"启用/禁用", "Enable/disable"},
	"import":         {"导入", "Import"},
	"image":          {"商品图片", "Images"},
	"sku":            {"属性组合", "SKUs"},
	"password:reset": {"重置密码", "Reset password"},
	"publish":        {"发布", "Publish"},
	"revoke":         {"撤回", "Revoke"},
	"refresh":        {"刷新缓存", "Refresh cache"},
	"download":       {"下载", "Download"},
	"restore":        {"恢复", "Restore"},
}

// permTitles name the buttons whose action alone says too little.
var permTitles = map[string][2]string{
	"settings:unitType:query":             {"查询单位组", "Query unit groups"},
	"settings:unitType:add":               {"新增单位组", "Add unit groups"},
	"settings:unitType:update":            {"修改单位组", "Edit unit groups"},
	"settings:unitType:delete":            {"删除单位组", "Delete unit groups"},
	"settings:period:close":               {"结账", "Close period"},
	"settings:period:open":                {"反结账", "Reopen period"},
	"settings:backup:add":                 {"备份", "Back up"},
	"settings:reset:execute":              {"重新初始化", "Reset data"},
	"settings:recost:execute":             {"重算成本", "Recalculate costs"},
	"money:cost:view":                     {"成本", "Cost"},
	"money:purchaseAmount:view":           {"购货金额", "Purchase amount"},
	"money:salesAmount:view":              {"销货金额", "Sales amount"},
	"report:customerReconciliation:share": {"发送对账单", "Share statements"},
}

// all in a grant stands for every action of the screen.
const all = "*"

// grant maps a built-in role code to the actions of one screen it is granted:
// space-separated ("query add"), or all.
type grant map[string]string

// roles are the roles granted anything, in BuiltinRoles order.
func (g grant) roles() []string {
	var out []string
	for _, r := range allRoles {
		if g[r] != "" {
			out = append(out, r)
		}
	}
	return out
}

// rolesFor are the roles granted action: never nil, so that an empty result
// does not read as "inherit".
func (g grant) rolesFor(action string) []string {
	out := []string{}
	for _, r := range allRoles {
		if g[r] == all || slices.Contains(strings.Fields(g[r]), action) {
			out = append(out, r)
		}
	}
	return out
}

// catalog is a CATALOG (component "Layout") holding children.
func catalog(code, path, name, nameEn, icon string, children ...Seed) Seed {
	return Seed{Code: code, Name: name, NameEn: nameEn, Type: TypeCatalog, Path: path, Component: "Layout",
		Icon: icon, AlwaysShow: true, Children: children}
}

// screen is a MENU at path name showing view "<section>/<name>", with one
// button per permission; g says which roles get which buttons.
func screen(section, name, zh, en string, g grant, perms ...string) Seed {
	s := Seed{Code: section + "." + name, Name: zh, NameEn: en, Type: TypeMenu, Path: name,
		Component: section + "/" + name, KeepAlive: true, Roles: g.roles()}
	actions := make([]string, len(perms))
	for i, p := range perms {
		actions[i] = action(p)
		b := button(p)
		if r := g.rolesFor(actions[i]); !slices.Equal(r, s.Roles) {
			b.Roles = r
		}
		s.Children = append(s.Children, b)
	}
	for r, acts := range g {
		if !slices.Contains(allRoles, r) {
			panic("menu seed " + s.Code + ": unknown role " + r)
		}
		for _, a := range strings.Fields(acts) {
			if a != all && !slices.Contains(actions, a) {
				panic("menu seed " + s.Code + ": grant names unknown action " + a)
			}
		}
	}
	return s
}

// docMenus are a business document's routes: the hidden entry page
// "<kind>_detail" and the list "<kind>" holding the buttons.
func docMenus(section, kind, zh, enEntry, enList string, actions []string, g grant) []Seed {
	list := screen(section, kind, zh+"记录", enList, g, perms(section+":"+kind, actions...)...)
	return []Seed{entryPage(section, kind, "录入"+zh, enEntry, list.Roles), list}
}

// docMenusAt is docMenus with the entry page at its own path (the seed's
// routes: other stock-in is entered at warehouse_detail).
func docMenusAt(section, kind, entry, zh, enEntry, enList string, actions []string, g grant) []Seed {
	out := docMenus(section, kind, zh, enEntry, enList, actions, g)
	out[0].Code, out[0].Path, out[0].Component = section+"."+entry, entry, section+"/"+entry
	return out
}

// combinationMenus are assembly and disassembly: one entry page (the
// document's transType picks which) and one list with the
// warehouse:combination buttons.
func combinationMenus(g grant) []Seed {
	list := screen("warehouse", "combination", "组装拆卸记录", "Assemblies and disassemblies", g,
		perms("warehouse:combination", docActions...)...)
	return []Seed{
		entryPage("warehouse", "combination", "录入组装拆卸单", "Record an assembly or disassembly", list.Roles),
		list,
	}
}

// entryPage is the hidden page where a document is entered or viewed.
func entryPage(section, kind, zh, en string, roles []string) Seed {
	name := kind + "_detail"
	return Seed{Code: section + "." + name, Name: zh, NameEn: en, Type: TypeMenu, Path: name,
		Component: section + "/" + name, Hidden: true, KeepAlive: true, Roles: roles}
}

// report is the MENU of report name (docs/api.md §5) with its buttons.
func report(name, zh, en string, g grant) Seed {
	return screen("report", name, zh, en, g, perms("report:"+name, reportActions...)...)
}

// perms are "<prefix>:<action>" for each action.
func perms(prefix string, actions ...string) []string {
	out := make([]string, len(actions))
	for i, a := range actions {
		out[i] = prefix + ":" + a
	}
	return out
}

// action is the part of perm after module and entity: "password:reset" of
// "sys:user:password:reset".
func action(perm string) string {
	parts := strings.SplitN(perm, ":", 3)
	if len(parts) < 3 {
		panic("menu seed: malformed permission " + perm)
	}
	return parts[2]
}

// button is the BUTTON of perm; its code is perm with dots.
func button(perm string) Seed {
	title, ok := permTitles[perm]
	if !ok {
		title, ok = actionTitles[action(perm)]
	}
	if !ok {
		panic("menu seed: no title for " + perm)
	}
	return Seed{Code: strings.ReplaceAll(perm, ":", "."), Name: title[0], NameEn: title[1], Type: TypeButton, Perm: perm}
}

func hide(s Seed) Seed {
	s.Hidden = true
	return s
}

func withRoles(s Seed, roles ...string) Seed {
	s.Roles = roles
	return s
}

// Walk calls fn for every seed, depth-first, parents before children.
func Walk(seeds []Seed, fn func(s Seed, parent *Seed)) {
	var walk func(seeds []Seed, parent *Seed)
	walk = func(seeds []Seed, parent *Seed) {
		for i := range seeds {
			fn(seeds[i], parent)
			walk(seeds[i].Children, &seeds[i])
		}
	}
	walk(seeds, nil)
}

// Perms lists every permission of the seeded buttons, in tree order.
func Perms() []string {
	var out []string
	Walk(Seeds, func(s Seed, _ *Seed) {
		if s.Perm != "" {
			out = append(out, s.Perm)
		}
	})
	return out
}

// grantedRoles gives, per seed code, the built-in roles granted that entry:
// its own Roles (a button without Roles takes its parent's) and every role
// granted one of its descendants, in BuiltinRoles order.
func grantedRoles(seeds []Seed) map[string][]string {
	out := map[string][]string{}
	var collect func(s Seed, parentRoles []string) map[string]bool
	collect = func(s Seed, parentRoles []string) map[string]bool {
		own := s.Roles
		if own == nil && s.Type == TypeButton {
			own = parentRoles
		}
		set := map[string]bool{}
		for _, r := range own {
			set[r] = true
		}
		for _, c := range s.Children {
			for r := range collect(c, s.Roles) {
				set[r] = true
			}
		}
		delete(set, server.RootRole)
		var roles []string
		for _, r := range BuiltinRoles {
			if set[r.Code] {
				roles = append(roles, r.Code)
			}
		}
		out[s.Code] = roles
		return set
	}
	for _, s := range seeds {
		collect(s, nil)
	}
	return out
}

// SeedAll creates the built-in roles and menus that are missing, and grants
// each newly created menu to its built-in roles. Rows that exist are left as
// they are (an administrator may have edited them). It runs at every start,
// inside the caller's transaction.
func SeedAll(ctx context.Context, q db.Querier) error {
	now := time.Now().UTC()
	roleIDs, err := seedRoles(ctx, q, now)
	if err != nil {
		return err
	}
	existing, err := menuRows(ctx, q)
	if err != nil {
		return err
	}
	s := &seeder{q: q, now: now, existing: existing, roles: grantedRoles(Seeds), roleIDs: roleIDs,
		grants: map[roleMenu]bool{}}
	if err := s.insert(ctx, Seeds, menuRow{treePath: "0"}, nil); err != nil {
		return err
	}
	return s.writeGrants(ctx)
}

// seedRoles inserts the missing built-in roles and returns every role's id by code.
func seedRoles(ctx context.Context, q db.Querier, now time.Time) (map[string]int64, error) {
	ids, err := db.Map[string, int64](ctx, q, "SELECT code, id FROM roles")
	if err != nil {
		return nil, fmt.Errorf("load roles: %w", err)
	}
	for _, r := range BuiltinRoles {
		if _, ok := ids[r.Code]; ok {
			continue
		}
		var id int64
		// A custom role may hold the name already: then the built-in role is
		// not created, and its grants are skipped.
		err := q.QueryRow(ctx, `INSERT INTO roles (name, code, sort, status, data_scope, builtin, remark, created_at, updated_at)
			VALUES (?, ?, ?, 1, ?, 1, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING id`,
			r.Name, r.Code, r.Sort, r.DataScope, r.Remark, now, now).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("create role %s: %w", r.Code, err)
		}
		ids[r.Code] = id
	}
	return ids, nil
}

// menuRow is the part of a menus row that its children need.
type menuRow struct {
	id       int64
	treePath string
}

// childPath is the tree_path of the row's children.
func (m menuRow) childPath() string {
	if m.id == 0 {
		return "0"
	}
	return m.treePath + "," + strconv.FormatInt(m.id, 10)
}

// menuRows loads the coded menus rows by code.
func menuRows(ctx context.Context, q db.Querier) (map[string]menuRow, error) {
	rows, err := q.Query(ctx, "SELECT id, code, tree_path FROM menus WHERE code IS NOT NULL")
	if err != nil {
		return nil, fmt.Errorf("load menus: %w", err)
	}
	defer rows.Close()
	out := map[string]menuRow{}
	for rows.Next() {
		var m menuRow
		var code string
		if err := rows.Scan(&m.id, &code, &m.treePath); err != nil {
			return nil, err
		}
		out[code] = m
	}
	return out, rows.Err()
}

type roleMenu struct{ roleID, menuID int64 }

type seeder struct {
	q        db.Querier
	now      time.Time
	existing map[string]menuRow
	roles    map[string][]string // granted role codes by seed code
	roleIDs  map[string]int64
	grants   map[roleMenu]bool // to write
}

// insert inserts the missing seeds under parent, then their children.
// ancestors are the ids of parent and its ancestors.
func (s *seeder) insert(ctx context.Context, seeds []Seed, parent menuRow, ancestors []int64) error {
	for i, m := range seeds {
		row, ok := s.existing[m.Code]
		if !ok {
			row = menuRow{treePath: parent.childPath()}
			if err := s.insertMenu(ctx, m, parent.id, row.treePath, i+1).Scan(&row.id); err != nil {
				return fmt.Errorf("create menu %s: %w", m.Code, err)
			}
			// The new entry, and its ancestors, so the role's tree stays whole.
			for _, code := range s.roles[m.Code] {
				roleID, ok := s.roleIDs[code]
				if !ok {
					continue
				}
				s.grants[roleMenu{roleID, row.id}] = true
				for _, a := range ancestors {
					s.grants[roleMenu{roleID, a}] = true
				}
			}
		}
		if len(m.Children) > 0 {
			if err := s.insert(ctx, m.Children, row, append(slices.Clip(ancestors), row.id)); err != nil {
				return err
			}
		}
	}
	return nil
}

func (s *seeder) insertMenu(ctx context.Context, m Seed, parentID int64, treePath string, sort int) *sql.Row {
	params := ""
	if len(m.Params) > 0 {
		b, _ := json.Marshal(m.Params) // a map of strings always encodes
		params = string(b)
	}
	routeName := ""
	if m.Type != TypeButton {
		routeName = m.Code
	}
	return s.q.QueryRow(ctx, `INSERT INTO menus (parent_id, tree_path, code, name, name_en, type, route_name, route_path,
			component, perm, visible, sort, icon, redirect, keep_alive, always_show, params, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		parentID, treePath, m.Code, m.Name, m.NameEn, m.Type, routeName, m.Path,
		m.Component, m.Perm, flag(!m.Hidden), sort, m.Icon, m.Redirect, flag(m.KeepAlive), flag(m.AlwaysShow), params, s.now, s.now)
}

// writeGrants inserts the collected role_menus rows, a batch at a time.
func (s *seeder) writeGrants(ctx context.Context) error {
	grants := make([]roleMenu, 0, len(s.grants))
	for g := range s.grants {
		grants = append(grants, g)
	}
	slices.SortFunc(grants, func(a, b roleMenu) int {
		return cmp.Or(cmp.Compare(a.roleID, b.roleID), cmp.Compare(a.menuID, b.menuID))
	})
	const batch = 500
	for chunk := range slices.Chunk(grants, batch) {
		args := make([]any, 0, 2*len(chunk))
		for _, g := range chunk {
			args = append(args, g.roleID, g.menuID)
		}
		values := strings.TrimSuffix(strings.Repeat("(?, ?),", len(chunk)), ",")
		if _, err := s.q.Exec(ctx, "INSERT INTO role_menus (role_id, menu_id) VALUES "+values+" ON CONFLICT DO NOTHING", args...); err != nil {
			return fmt.Errorf("grant menus: %w", err)
		}
	}
	return nil
}

func flag(b bool) int {
	if b {
		return 1
	}
	return 0
}
