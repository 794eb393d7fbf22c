package user

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/xuri/excelize/v2"

	"cangshu/internal/auth"
	"cangshu/internal/db"
	"cangshu/internal/errs"
	"cangshu/internal/i18n"
	"cangshu/internal/server"
	"cangshu/internal/sheet"
)

// importColumns are the columns of the import template.
var importColumns = []sheet.Column{
	{Key: "username", Label: labelUsername, Required: true, Width: 18},
	{Key: "nickname", Label: labelNickname, Required: true, Width: 18},
	{Key: "gender", Label: labelGender, Width: 10, Choices: []errs.Key{"user.gender.1", "user.gender.2", "user.gender.0"}},
	{Key: "mobile", Label: labelMobile, Width: 16, Text: true},
	{Key: "email", Label: labelEmail, Width: 26},
	{Key: "roleCodes", Label: "user.field.roleCodes", Required: true, Width: 20},
	{Key: "status", Label: labelStatus, Width: 10, Choices: []errs.Key{"user.status.1", "user.status.0"}},
	{Key: "deptCode", Label: "user.field.deptCode", Width: 14},
}

// Template is the import template in the caller's language with an example row.
func (s *Service) Template(lang i18n.Lang) (server.File, error) {
	example := []any{"zhangsan", i18n.T(lang, "user.example.nickname"), i18n.T(lang, "user.gender.1"), "13800138000",
		"zhangsan@example.com", "CLERK", i18n.T(lang, "user.status.1"), ""}
	return sheet.Template(lang, "user.file.template", "user.sheet.users", importColumns, example)
}

// Export is the filtered list as a spreadsheet with headers in the caller's language.
func (s *Service) Export(ctx context.Context, who *server.Principal, lang i18n.Lang, q ListQuery) (server.File, error) {
	list, _, err := listUsers(ctx, s.db, lang, scopeOf(who), q, -1, 0)
	if err != nil {
		return server.File{}, errs.Wrap("export users: list", err)
	}
	f := excelize.NewFile()
	defer f.Close()
	sheet := i18n.T(lang, "user.sheet.users")
	if err := f.SetSheetName("Sheet1", sheet); err != nil {
		return server.File{}, errs.Wrap("export users: sheet name", err)
	}
	sw, err := f.NewStreamWriter(sheet)
	if err != nil {
		return server.File{}, errs.Wrap("export users: stream writer", err)
	}
	labels := []errs.Key{labelUsername, labelNickname, labelDept, labelGender, labelMobile, labelEmail, labelRoles, labelShops, labelStatus, labelCreateTime}
	widths := []float64{16, 16, 16, 8, 14, 24, 24, 24, 8, 20}
	for i, w := range widths {
		sw.SetColWidth(i+1, i+1, w)
	}
	head := make([]any, len(labels))
	for i, l := range labels {
		head[i] = i18n.T(lang, string(l))
	}
	if err := sw.SetRow("A1", head); err != nil {
		return server.File{}, errs.Wrap("export users: header", err)
	}
	for i, u := range list {
		row := []any{u.Username, u.Nickname, u.DeptName, i18n.T(lang, "user.gender."+strconv.Itoa(u.Gender)),
			u.Mobile, u.Email, u.RoleNames, u.ShopNames, i18n.T(lang, "user.status."+strconv.Itoa(u.Status)),
			u.CreateTime.In(time.Local).Format(time.DateTime)}
		cell, _ := excelize.CoordinatesToCellName(1, i+2)
		if err := sw.SetRow(cell, row); err != nil {
			return server.File{}, errs.Wrap("export users: row", err)
		}
	}
	if err := sw.Flush(); err != nil {
		return server.File{}, errs.Wrap("export users: flush", err)
	}
	buf, err := f.WriteToBuffer()
	if err != nil {
		return server.File{}, errs.Wrap("export users: write", err)
	}
	return server.File{Name: i18n.T(lang, "user.file.export"), ContentType: server.XLSX, Data: buf.Bytes()}, nil
}

// ImportResult tells what an import did. When InvalidCount > 0 nothing was
// written: fix the rows named in Errors and import the whole file again.
type ImportResult struct {
	ValidCount    int           `json:"validCount"`
	InvalidCount  int           `json:"invalidCount"`
	ImportedCount int           `json:"importedCount"`
	MessageList   []string      `json:"messageList"`
	Errors        []ImportError `json:"errors"`
}

// ImportError is one problem of one cell.
type ImportError struct {
	Row     int    `json:"row"`    // spreadsheet row number (the header is row 1)
	Column  string `json:"column"` // the column's header as in the file
	Message string `json:"message"`
}

// Import creates the users of a spreadsheet in the caller's active shop, all
// or none: every row is checked first, and nothing is written unless every
// row is valid. Imported users get the initial password and must change it.
// deptID (0 = none) is the department of rows without a department code.
func (s *Service) Import(ctx context.Context, who *server.Principal, lang i18n.Lang, deptID int64, file io.Reader) (ImportResult, error) {
	if who.ShopID == 0 {
		return ImportResult{}, errs.Invalid("user.err.noActiveShop")
	}
	if deptID < 0 {
		return ImportResult{}, errs.Field("deptId", "err.invalid", errs.A("field", labelDept))
	}
	if deptID > 0 {
		ok, err := db.Existing(ctx, s.db, "depts", []int64{deptID})
		if err != nil {
			return ImportResult{}, errs.Wrap("import users: check the department", err)
		}
		if !ok[deptID] {
			return ImportResult{}, errs.Field("deptId", "err.notFound", errs.A("what", labelDept))
		}
	}
	f, err := sheet.Read(lang, file, importColumns, MaxImportRows)
	if err != nil {
		return ImportResult{}, errs.Wrap("import users: read the sheet", err)
	}
	headers, rows := f.Headers, f.Rows
	// The initial password the users get is held to the password rule,
	// for the file as a whole and for each row's username.
	rule, err := auth.LoadPasswordRule(ctx, s.db)
	if err != nil {
		return ImportResult{}, errs.Wrap("import users: password rule", err)
	}
	pw, err := initPassword(ctx, s.db)
	if err != nil {
		return ImportResult{}, errs.Wrap("import users", err)
	}
	if rule.Check("password", labelPassword, pw, "") != nil {
		return ImportResult{}, errs.Invalid("user.err.initPasswordWeak", errs.A("min", rule.MinLen))
	}
	ref, err := loadImportRefs(ctx, s.db, rows)
	if err != nil {
		return ImportResult{}, errs.Wrap("import users: references", err)
	}
	res := ImportResult{MessageList: []string{}, Errors: []ImportError{}}
	users := make([]importUser, 0, len(rows))
	firstLine := map[string]int{}
	grants := map[string]error{} // checkGrants' answer per department, roles and shop
	for _, r := range rows {
		u, fe, err := s.checkImportRow(ctx, who, r, ref, deptID, firstLine, grants)
		if err != nil {
			return ImportResult{}, errs.Wrap("import users: check a row", err)
		}
		if e, ok := errs.As(rule.Check("password", labelPassword, pw, u.row.username)); ok && len(fe) == 0 {
			fe = []errs.FieldError{{Path: "username", Key: e.Key, Args: e.Args}}
		}
		if len(fe) == 0 {
			res.ValidCount++
			users = append(users, u)
			continue
		}
		res.InvalidCount++
		for _, e := range fe {
			msg := i18n.T(lang, e.Key, e.Args...)
			res.Errors = append(res.Errors, ImportError{Row: r.Line, Column: headers[importColumn[e.Path]], Message: msg})
			res.MessageList = append(res.MessageList, i18n.T(lang, "user.import.row", errs.A("row", r.Line), errs.A("message", msg)))
		}
	}
	if res.InvalidCount > 0 {
		return res, nil
	}
	// One hash for the whole file, outside the transaction: every row gets
	// the same initial password, which each user must change at first sign-in.
	hash, err := auth.HashPassword(pw, s.opt.PasswordCost)
	if err != nil {
		return ImportResult{}, errs.Wrap("import users: hash the password", err)
	}
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		now := s.now()
		for _, u := range users {
			u.row.hash = hash
			id, err := insertUser(ctx, tx, u.row, now)
			if err != nil {
				if db.IsUnique(err) {
					return errs.Duplicate("username", labelUsername, u.row.username)
				}
				return err
			}
			if err := addLinks(ctx, tx, "user_roles", "role_id", id, u.roleIDs); err != nil {
				return err
			}
			if err := addLinks(ctx, tx, "user_shops", "shop_id", id, []int64{who.ShopID}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return ImportResult{}, errs.Wrap("import users", err)
	}
	res.ImportedCount = len(users)
	return res, nil
}

// importRefs is what the rows are checked against.
type importRefs struct {
	roles map[string]int64 // upper-case code → id
	depts map[string]int64 // code → id
	taken map[string]bool  // lower-case usernames that exist
}

func loadImportRefs(ctx context.Context, q db.Querier, rows []sheet.Row) (importRefs, error) {
	ref := importRefs{roles: map[string]int64{}, depts: map[string]int64{}, taken: map[string]bool{}}
	if err := codeMap(ctx, q, "SELECT id, code FROM roles", ref.roles, strings.ToUpper); err != nil {
		return ref, fmt.Errorf("load roles: %w", err)
	}
	if err := codeMap(ctx, q, "SELECT id, code FROM depts", ref.depts, func(s string) string { return s }); err != nil {
		return ref, fmt.Errorf("load depts: %w", err)
	}
	var names []string
	for _, r := range rows {
		if n := r.Get("username"); n != "" {
			names = append(names, strings.ToLower(n))
		}
	}
	for len(names) > 0 {
		n := min(len(names), 500)
		chunk := names[:n]
		names = names[n:]
		taken, err := db.Values[string](ctx, q, "SELECT LOWER(username) FROM users WHERE LOWER(username) IN "+db.In(len(chunk)), db.Args(chunk)...)
		if err != nil {
			return ref, fmt.Errorf("check usernames: %w", err)
		}
		for _, u := range taken {
			ref.taken[u] = true
		}
	}
	return ref, nil
}

func codeMap(ctx context.Context, q db.Querier, query string, into map[string]int64, norm func(string) string) error {
	rows, err := q.Query(ctx, query)
	if err != nil {
		return errs.Wrap("read codes", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var code string
		if err := rows.Scan(&id, &code); err != nil {
			return errs.Wrap("read codes", err)
		}
		into[norm(code)] = id
	}
	return rows.Err()
}

// importUser is a checked row ready to insert.
type importUser struct {
	row     newUser
	roleIDs []int64
}

// importColumn is the column of the template each field of Input is read
// from (the shop is the caller's active shop: no column).
var importColumn = map[string]string{
	"username": "username", "nickname": "nickname", "gender": "gender", "mobile": "mobile", "email": "email",
	"roleIds": "roleCodes", "status": "status", "deptId": "deptCode",
}

// checkImportRow reads one row into the user form and holds it to every
// rule of creating a user (Service.checkNew: the same shape checks, and the
// roles, department and shop the caller may grant), plus what only a file
// has: codes to resolve and usernames repeated in the file. firstLine
// remembers where each username was first seen; grants keeps checkGrants'
// answers (rows mostly repeat a few role sets). The errors come in the
// order of the template's columns.
func (s *Service) checkImportRow(ctx context.Context, who *server.Principal, r sheet.Row, ref importRefs, deptID int64,
	firstLine map[string]int, grants map[string]error) (importUser, []errs.FieldError, error) {
	var f errs.Fields
	c := r.Cells
	one := 1
	in := Input{
		Username: c["username"], Nickname: c["nickname"], Mobile: c["mobile"], Email: c["email"],
		Status: &one, DeptID: deptID, ShopIDs: []int64{who.ShopID},
	}
	if g, ok := parseChoice(c["gender"], "user.gender", GenderUnknown, GenderUnknown, GenderMale, GenderFemale); ok {
		in.Gender = g
	} else {
		f.Add("gender", "err.oneOf", errs.A("field", labelGender))
	}
	for _, code := range strings.FieldsFunc(c["roleCodes"], func(r rune) bool {
		return r == ',' || r == '，' || r == ';' || r == '；' || r == '、' || unicode.IsSpace(r)
	}) {
		if id, ok := ref.roles[strings.ToUpper(code)]; ok {
			in.RoleIDs = append(in.RoleIDs, id)
		} else {
			f.Add("roleIds", "user.import.unknownRole", errs.A("value", code))
		}
	}
	if st, ok := parseChoice(c["status"], "user.status", 1, 0, 1); ok {
		in.Status = &st
	} else {
		f.Add("status", "err.oneOf", errs.A("field", labelStatus))
	}
	if code := c["deptCode"]; code != "" {
		if id, ok := ref.depts[code]; ok {
			in.DeptID = id
		} else {
			f.Add("deptId", "user.import.unknownDept", errs.A("value", code))
		}
	}
	in.normalize()
	for _, e := range fieldErrors(in.check().Err()) {
		if !f.Has(e.Path) {
			f.Add(e.Path, e.Key, e.Args...)
		}
	}
	if name := strings.ToLower(in.Username); name != "" && !f.Has("username") {
		if line, dup := firstLine[name]; dup {
			f.Add("username", "user.import.dupInFile", errs.A("field", labelUsername), errs.A("value", in.Username), errs.A("row", line))
		} else {
			firstLine[name] = r.Line
			if ref.taken[name] {
				f.Add("username", "err.duplicate", errs.A("field", labelUsername), errs.A("value", in.Username))
			}
		}
	}
	if f.Len() == 0 {
		key := fmt.Sprint(in.DeptID, in.RoleIDs, in.ShopIDs)
		err, seen := grants[key]
		if !seen {
			err = checkGrants(ctx, s.db, who, &in, 0)
			if _, ok := errs.As(err); err != nil && !ok {
				return importUser{}, nil, err
			}
			grants[key] = err
		}
		for _, e := range fieldErrors(err) {
			f.Add(e.Path, e.Key, e.Args...)
		}
	}
	var list []errs.FieldError
	if e, ok := errs.As(f.Err()); ok {
		list = e.Fields
	}
	order := map[string]int{}
	for i, col := range importColumns {
		order[col.Key] = i
	}
	slices.SortStableFunc(list, func(a, b errs.FieldError) int { return order[importColumn[a.Path]] - order[importColumn[b.Path]] })
	return importUser{
		row: newUser{
			username: in.Username, nickname: in.Nickname, mobile: in.Mobile, email: in.Email,
			gender: in.Gender, status: *in.Status, deptID: in.DeptID, mustChange: true,
		},
		roleIDs: in.RoleIDs,
	}, list, nil
}

// fieldErrors lists the field errors of an expected error; one without a
// field is given the path "" (the row as a whole).
func fieldErrors(err error) []errs.FieldError {
	e, ok := errs.As(err)
	if !ok {
		return nil
	}
	if len(e.Fields) == 0 {
		return []errs.FieldError{{Key: e.Key, Args: e.Args}}
	}
	return e.Fields
}

// parseChoice reads an enumerated cell: empty (def), the number, or its label
// in either language (labels are the keys prefix.N).
func parseChoice(v, prefix string, def int, allowed ...int) (int, bool) {
	if v == "" {
		return def, true
	}
	for _, a := range allowed {
		if v == strconv.Itoa(a) {
			return a, true
		}
		for _, l := range i18n.Langs {
			if strings.EqualFold(v, i18n.T(l, prefix+"."+strconv.Itoa(a))) {
				return a, true
			}
		}
	}
	return 0, false
}
