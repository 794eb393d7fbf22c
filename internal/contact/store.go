package contact

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"strings"
	"time"

	"cangshu/internal/custom"
	"cangshu/internal/db"
	"cangshu/internal/dec"
	"cangshu/internal/errs"
	"cangshu/internal/rights"
	"cangshu/internal/search"
)

// filter narrows the list.
type filter struct {
	typ        int64
	categoryID int64 // with its subtree; 0 = any
	matchCon   string
	enabled    bool
	rights     *rights.Set // the caller's data rights (docs/rights.md)
	// customCond finds matchCon in the type's searchable custom fields
	// (custom.MatchCond); "" = none.
	customCond string
	customArgs []any
}

// where is the filter as SQL on alias c.
func (f filter) where() (string, []any) {
	w, args := "c.type = ?", []any{f.typ}
	if f.categoryID > 0 {
		// The category and every category below it: tree_path lists the
		// ancestors' ids separated by "/" (wrapped here so that the match
		// holds whether or not the stored path has the slashes at its ends).
		w += ` AND c.category_id IN (SELECT s.id FROM assists s WHERE s.id = ? OR ('/' || s.tree_path || '/') LIKE ?)`
		args = append(args, f.categoryID, "%/"+strconv.FormatInt(f.categoryID, 10)+"/%")
	}
	if f.matchCon != "" {
		if f.customCond != "" {
			w += " AND (" + search.Cond("c.search") + " OR " + f.customCond + ")"
			args = append(args, search.Pattern(f.matchCon))
			args = append(args, f.customArgs...)
		} else {
			w += " AND " + search.Cond("c.search")
			args = append(args, search.Pattern(f.matchCon))
		}
	}
	if f.enabled {
		w += " AND c.disabled = 0"
	}
	return f.rights.Contact("c.id").And(w, args)
}

// listColumns are the contact's own columns; the service's columns add the
// documents' effect on the balance (the sum of audited documents' arrears,
// signed by kind), scanned last.
const listColumns = `c.id, c.type, c.number, c.name, COALESCE(c.category_id, 0), COALESCE(a.name, ''), c.level, c.tax_rate,
	c.opening_amount, c.opening_advance, c.begin_date, c.remark, c.disabled, c.search`

// The primary contact person is read by a second query (firstLinks), not
// joined: on PostgreSQL a cached generic plan of the joined list, made
// before the tables have statistics (right after an import), loops over
// every link for every contact; looking the page's ids up cannot.
const listFrom = ` FROM contacts c LEFT JOIN assists a ON a.id = c.category_id`

func scanContact(r interface{ Scan(...any) error }, c *Contact) error {
	if err := r.Scan(&c.ID, &c.Type, &c.Number, &c.Name, &c.CategoryID, &c.CategoryName, &c.CLevel, &c.TaxRate,
		&c.Amount, &c.PeriodMoney, &c.BeginDate, &c.Remark, &c.Disable, &c.Search, &c.Balance); err != nil {
		return err
	}
	c.Search = search.Answer(c.Search)
	// The balance is the opening amount less the opening advance plus what
	// audited documents left owing (docs/stock.md).
	c.Balance = c.Amount.Sub(c.PeriodMoney).Add(c.Balance)
	return nil
}

// listContacts reads a page (limit < 0: every row).
func listContacts(ctx context.Context, q db.Querier, columns string, f filter, order string, limit, offset int) ([]Contact, int, error) {
	where, args := f.where()
	total := 0
	if limit >= 0 {
		if err := q.QueryRow(ctx, "SELECT COUNT(*) FROM contacts c WHERE "+where, args...).Scan(&total); err != nil {
			return nil, 0, err
		}
	} else {
		limit, offset = -1, 0
	}
	query := "SELECT " + columns + listFrom + " WHERE " + where + " ORDER BY " + order + ", c.id"
	if limit >= 0 {
		query += " LIMIT ? OFFSET ?"
		args = append(args, limit, offset)
	}
	list, err := db.All(ctx, q, func(r *sql.Rows, c *Contact) error { return scanContact(r, c) }, query, args...)
	if err != nil {
		return nil, 0, err
	}
	if err := firstLinks(ctx, q, list); err != nil {
		return nil, 0, err
	}
	return list, total, attachCustom(ctx, q, f.typ, list)
}

// attachCustom fills the custom-field values of contacts of type typ.
func attachCustom(ctx context.Context, q db.Querier, typ int64, list []Contact) error {
	return custom.Fill(ctx, q, target(typ), list, func(c *Contact) (int64, *custom.Map) { return c.ID, &c.Custom })
}

// firstLinks fills each contact's primary contact person's fields.
func firstLinks(ctx context.Context, q db.Querier, list []Contact) error {
	at := make(map[int64]*Contact, len(list))
	ids := make([]int64, len(list))
	for i := range list {
		at[list[i].ID] = &list[i]
		ids[i] = list[i].ID
	}
	for len(ids) > 0 {
		n := min(len(ids), 1000)
		chunk := ids[:n]
		ids = ids[n:]
		rows, err := q.Query(ctx, `SELECT contact_id, name, mobile, phone, address, im FROM contact_links
			WHERE is_first = 1 AND contact_id IN `+db.In(len(chunk)), db.Args(chunk)...)
		if err != nil {
			return err
		}
		for rows.Next() {
			var id int64
			var l Contact
			if err := rows.Scan(&id, &l.Contacter, &l.Mobile, &l.Phone, &l.Address, &l.linkIm); err != nil {
				rows.Close()
				return err
			}
			if c := at[id]; c != nil {
				c.Contacter, c.Mobile, c.Phone, c.Address, c.linkIm = l.Contacter, l.Mobile, l.Phone, l.Address, l.linkIm
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
	}
	return nil
}

// getContact reads one contact with its contact people.
func getContact(ctx context.Context, q db.Querier, columns string, id int64) (Detail, error) {
	var d Detail
	err := scanContact(q.QueryRow(ctx, "SELECT "+columns+listFrom+" WHERE c.id = ?", id), &d.Contact)
	if errors.Is(err, sql.ErrNoRows) {
		return d, errs.NotFound("contact.entity")
	}
	if err != nil {
		return d, err
	}
	one := []Contact{d.Contact}
	if err := firstLinks(ctx, q, one); err != nil {
		return d, err
	}
	if err := attachCustom(ctx, q, int64(d.Type), one); err != nil {
		return d, err
	}
	d.Contact = one[0]
	d.LinkMans, err = db.All(ctx, q, func(r *sql.Rows, l *Link) error {
		return r.Scan(&l.ID, &l.LinkName, &l.LinkMobile, &l.LinkPhone, &l.LinkIm, &l.Address, &l.LinkFirst)
	}, "SELECT id, name, mobile, phone, im, address, is_first FROM contact_links WHERE contact_id = ? ORDER BY sort, id", id)
	return d, err
}

// typeOf reads a contact's type; an unknown id is not found.
func typeOf(ctx context.Context, q db.Querier, id int64) (int64, string, error) {
	var typ int64
	var name string
	err := q.QueryRow(ctx, "SELECT type, name FROM contacts WHERE id = ?", id).Scan(&typ, &name)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, "", errs.NotFound("contact.entity")
	}
	return typ, name, err
}

// openingOf is a contact's opening receivable/payable and advance.
func openingOf(ctx context.Context, q db.Querier, id int64) (amount, advance dec.Dec, err error) {
	err = q.QueryRow(ctx, "SELECT opening_amount, opening_advance FROM contacts WHERE id = ?", id).Scan(&amount, &advance)
	if errors.Is(err, sql.ErrNoRows) {
		err = errs.NotFound("contact.entity")
	}
	return amount, advance, err
}

// categoryTypeOf is the type number of a category ("" when no such category).
func categoryTypeOf(ctx context.Context, q db.Querier, id int64) (string, error) {
	var t string
	err := q.QueryRow(ctx, "SELECT t.number FROM assists a JOIN assist_types t ON t.id = a.type_id WHERE a.id = ?", id).Scan(&t)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return t, err
}

// category is one category of a contact type, for imports and exports.
type category struct {
	id, parent int64
	name       string
}

func categories(ctx context.Context, q db.Querier, typeNumber string) ([]category, error) {
	return db.All(ctx, q, func(r *sql.Rows, c *category) error { return r.Scan(&c.id, &c.parent, &c.name) },
		`SELECT a.id, COALESCE(a.parent_id, 0), a.name FROM assists a JOIN assist_types t ON t.id = a.type_id
		WHERE t.number = ? ORDER BY a.id`, typeNumber)
}

func numberTaken(ctx context.Context, q db.Querier, typ int64, number string, id int64) (bool, error) {
	var n int
	err := q.QueryRow(ctx, "SELECT COUNT(*) FROM contacts WHERE type = ? AND number = ? AND id <> ?", typ, number, id).Scan(&n)
	return n > 0, err
}

// row is a contact ready to store.
type row struct {
	typ                       int64
	number, name              string
	categoryID                int64
	level                     int64
	taxRate, amount, advance  dec.Dec
	beginDate, remark, search string
	links                     []LinkInput
	custom                    custom.Pending // the checked custom-field values
}

func insertContact(ctx context.Context, q db.Querier, r row) (int64, error) {
	now := time.Now().UTC()
	var id int64
	err := q.QueryRow(ctx, `INSERT INTO contacts (type, number, name, category_id, level, tax_rate, opening_amount, opening_advance,
		begin_date, remark, search, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		r.typ, r.number, r.name, db.NullID(r.categoryID), r.level, r.taxRate, r.amount, r.advance, r.beginDate, r.remark, r.search, now, now).Scan(&id)
	return id, err
}

func updateContact(ctx context.Context, q db.Querier, id int64, r row) error {
	_, err := q.Exec(ctx, `UPDATE contacts SET number = ?, name = ?, category_id = ?, level = ?, tax_rate = ?, opening_amount = ?,
		opening_advance = ?, begin_date = ?, remark = ?, search = ?, updated_at = ? WHERE id = ?`,
		r.number, r.name, db.NullID(r.categoryID), r.level, r.taxRate, r.amount, r.advance, r.beginDate, r.remark, r.search, time.Now().UTC(), id)
	return err
}

// saveLinks makes the contact people of a contact be links, in order: those
// with an id of this contact are updated, new ones added, the rest removed.
// An id of another contact is a 400 on its path.
func saveLinks(ctx context.Context, q db.Querier, contactID int64, links []LinkInput, paths []string) error {
	have, err := db.IDSet(ctx, q, "SELECT id FROM contact_links WHERE contact_id = ?", contactID)
	if err != nil {
		return err
	}
	keep := map[int64]bool{}
	for i, l := range links {
		if l.ID != 0 {
			if !have[l.ID] || keep[l.ID] {
				return errs.Field(paths[i]+"id", "contact.err.unknownLink", errs.A("id", l.ID))
			}
			keep[l.ID] = true
		}
	}
	for id := range have {
		if !keep[id] {
			if _, err := q.Exec(ctx, "DELETE FROM contact_links WHERE id = ?", id); err != nil {
				return err
			}
		}
	}
	for i, l := range links {
		if l.ID != 0 {
			_, err = q.Exec(ctx, `UPDATE contact_links SET name = ?, mobile = ?, phone = ?, im = ?, address = ?, is_first = ?, sort = ?
				WHERE id = ?`, l.LinkName, l.LinkMobile, l.LinkPhone, l.LinkIm, l.Address, l.LinkFirst, i, l.ID)
		} else {
			_, err = q.Exec(ctx, `INSERT INTO contact_links (contact_id, name, mobile, phone, im, address, is_first, sort)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, contactID, l.LinkName, l.LinkMobile, l.LinkPhone, l.LinkIm, l.Address, l.LinkFirst, i)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// insertMany writes the contacts of an import and their contact people
// with multi-row statements (a 10,000-row file is a few dozen statements).
func insertMany(ctx context.Context, q db.Querier, rows []row) error {
	const chunk = 200
	now := time.Now().UTC()
	for start := 0; start < len(rows); start += chunk {
		part := rows[start:min(start+chunk, len(rows))]
		var b strings.Builder
		b.WriteString(`INSERT INTO contacts (type, number, name, category_id, level, tax_rate, opening_amount, opening_advance,
			begin_date, remark, search, created_at, updated_at) VALUES `)
		args := make([]any, 0, len(part)*13)
		numbers := make([]string, len(part))
		for i, r := range part {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString("(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
			args = append(args, r.typ, r.number, r.name, db.NullID(r.categoryID), r.level, r.taxRate, r.amount, r.advance,
				r.beginDate, r.remark, r.search, now, now)
			numbers[i] = r.number
		}
		if _, err := q.Exec(ctx, b.String(), args...); err != nil {
			return err
		}
		ids, err := db.Map[string, int64](ctx, q, "SELECT number, id FROM contacts WHERE type = ? AND number IN "+db.In(len(numbers)),
			append([]any{part[0].typ}, db.Args(numbers)...)...)
		if err != nil {
			return err
		}
		for _, r := range part {
			if err := r.custom.Save(ctx, q, ids[r.number]); err != nil {
				return err
			}
		}
		b.Reset()
		args = args[:0]
		n := 0
		for _, r := range part {
			for i, l := range r.links {
				if n > 0 {
					b.WriteString(", ")
				}
				b.WriteString("(?, ?, ?, ?, ?, ?, ?, ?)")
				args = append(args, ids[r.number], l.LinkName, l.LinkMobile, l.LinkPhone, l.LinkIm, l.Address, l.LinkFirst, i)
				n++
			}
		}
		if n > 0 {
			if _, err := q.Exec(ctx, `INSERT INTO contact_links (contact_id, name, mobile, phone, im, address, is_first, sort) VALUES `+b.String(), args...); err != nil {
				return err
			}
		}
	}
	return nil
}

// numbersOf is every number of the type.
func numbersOf(ctx context.Context, q db.Querier, typ int64) (map[string]bool, error) {
	list, err := db.Values[string](ctx, q, "SELECT number FROM contacts WHERE type = ?", typ)
	if err != nil {
		return nil, err
	}
	out := make(map[string]bool, len(list))
	for _, n := range list {
		out[n] = true
	}
	return out, nil
}

func setDisabled(ctx context.Context, q db.Querier, id, disabled int64) error {
	_, err := q.Exec(ctx, "UPDATE contacts SET disabled = ?, updated_at = ? WHERE id = ?", disabled, time.Now().UTC(), id)
	return err
}

func deleteContact(ctx context.Context, q db.Querier, id int64) error {
	_, err := q.Exec(ctx, "DELETE FROM contacts WHERE id = ?", id)
	return err
}
