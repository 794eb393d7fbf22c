package goods_test

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/search"
)

// Search goes through a trigram index (on SQLite an FTS5 table kept by
// triggers, from 2 characters; on PostgreSQL a GIN index, from 3); a
// shorter query reads the rows. Either way a user finds exactly the goods
// whose search text holds the query, also right after an update or a delete.
func TestGoodsSearchIndex(t *testing.T) {
	t.Parallel()
	w, admin := setup(t)
	e := w.e
	cola := add(t, admin, w.body("SP0001", "name", "可口可乐", "spec", "330ml", "barCode", "6901000000011"))
	sprite := add(t, admin, w.body("SP0002", "name", "雪碧", "spec", "500ml"))
	juice := add(t, admin, w.body("SP0003", "name", `100%_纯"果汁" a\b`, "barCode", "6903000000019"))

	find := func(q string) []string {
		t.Helper()
		l := list(t, admin, "rows=50&matchCon="+url.QueryEscape(q))
		if l.Records != len(l.Rows) {
			t.Errorf("search %q: %d records, %d rows", q, l.Records, len(l.Rows))
		}
		got := numbers(l.Rows)
		slices.Sort(got)
		return got
	}
	// likeFinds is what a plain LIKE on the stored text finds: the index
	// must never find more or less.
	likeFinds := func(q string) []string {
		t.Helper()
		var got []string
		rows, err := e.App.DB.Query(t.Context(), `SELECT number FROM goods WHERE search LIKE ? ESCAPE '\' ORDER BY number`, search.Pattern(q))
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		for rows.Next() {
			var n string
			if err := rows.Scan(&n); err != nil {
				t.Fatal(err)
			}
			got = append(got, n)
		}
		return got
	}
	check := func(q string, want ...string) {
		t.Helper()
		got := find(q)
		if !slices.Equal(got, want) && !(len(got) == 0 && len(want) == 0) {
			t.Errorf("search %q found %v, want %v", q, got, want)
		}
		if like := likeFinds(q); !slices.Equal(got, like) && !(len(got) == 0 && len(like) == 0) {
			t.Errorf("search %q found %v, LIKE finds %v", q, got, like)
		}
	}

	check("可乐", "SP0001")            // 2 Chinese characters
	check("碧", "SP0002")             // 1 character
	check("ml", "SP0001", "SP0002")  // 2 letters
	check("可口可乐", "SP0001")          // index
	check("kkkl", "SP0001")          // pinyin initials
	check("KeKou", "SP0001")         // full pinyin, any case
	check("  xuebi ", "SP0002")      // trimmed
	check("6901000000011", "SP0001") // barcode
	check("9010000", "SP0001")       // inside a barcode
	check("sp000", "SP0001", "SP0002", "SP0003")
	check("0ml", "SP0001", "SP0002") // end of a part
	check("sp0001可口")                // never across two parts
	// nor with the separator typed in: a control character is refused at the edge
	admin.Do("GET", "/api/inventory/list?matchCon="+url.QueryEscape("sp0001\x1f可口"), nil).Want(400)
	check(`"果汁"`, "SP0003") // FTS5 quotes are text
	check(`100%`, "SP0003") // LIKE wildcards are text
	check(`%_纯`, "SP0003")
	check(`0%`, "SP0003") // short: wildcards are text too
	check(`%_`, "SP0003")
	check(`"果`, "SP0003") // 2 characters with a quote
	check(`汁"`, "SP0003")
	check("zq")
	check("1可") // 2 characters never across parts either
	check("乐", "SP0001")
	check(`0%x`)              // % is no wildcard
	check(`a\b`, "SP0003")    // nor is the escape
	check(`guozhi`, "SP0003") // pinyin of text with symbols
	check("nothing at all")

	// Update: the old name is no longer found, the new one is; a change
	// that keeps the search text (disable) keeps the item found.
	body := w.body("SP0001", "id", cola.ID, "name", "百事可乐", "spec", "330ml", "barCode", "6901000000011")
	admin.Do("POST", "/api/inventory/update", body).Want(200)
	check("kekou")
	check("可口可")
	check("baishi", "SP0001")
	check("bskl", "SP0001")
	check("可乐", "SP0001")
	admin.Do("POST", fmt.Sprintf("/api/inventory/disable?id=%d&disable=1", sprite.ID), nil).Want(200)
	if l := list(t, admin, "disable=1&matchCon=xuebi"); l.Records != 1 {
		t.Errorf("disabled goods not found by search: %d", l.Records)
	}

	// Delete: gone from the index too.
	admin.Do("DELETE", fmt.Sprintf("/api/inventory/delete?id=%d,%d", cola.ID, juice.ID), nil).Want(200)
	check("baishi")
	check("6901000000011")
	check("guozhi")
	check("sp000", "SP0002")
	// A new item may take a deleted one's codes.
	add(t, admin, w.body("SP0004", "name", "百事可乐", "barCode", "6901000000011"))
	check("6901000000011", "SP0004")
	check("baishi", "SP0004")

	if e.App.DB.Engine() == db.SQLite {
		// The index agrees with goods row for row.
		e.Exec("INSERT INTO goods_fts (goods_fts, rank) VALUES ('integrity-check', 1)")
	}
}

// When a search finds many goods SQLite reads the page in the sort order's
// index instead of sorting all found (store.go listRows): every page, sort
// and direction still shows what LIKE finds, in order.
func TestGoodsSearchManyFound(t *testing.T) {
	t.Parallel()
	w, admin := setup(t)
	e := w.e
	now := time.Now().UTC()
	err := e.App.DB.InTx(t.Context(), func(tx *db.Tx) error {
		var vals []string
		var args []any
		for i := range 1500 {
			num, name := fmt.Sprintf("M%04d", i), fmt.Sprintf("雪碧 %d", i)
			if i%3 != 0 {
				name = fmt.Sprintf("可口可乐 %d", 1500-i)
			}
			vals = append(vals, "(?, ?, ?, ?, ?, ?)")
			args = append(args, num, name, w.each, search.Text(num, name), now, now)
		}
		_, err := tx.Exec(t.Context(), "INSERT INTO goods (number, name, unit_id, search, created_at, updated_at) VALUES "+strings.Join(vals, ", "), args...)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	order := map[string]string{"": "number", "number": "number", "name": "name, id", "spec": "spec, id"}
	for _, q := range []string{"可口可乐", "kkkl", "可乐", "雪碧"} {
		for _, sidx := range []string{"", "number", "name", "spec"} {
			for _, sord := range []string{"asc", "desc"} {
				for _, page := range []int{1, 2, 30} {
					dir := " ASC"
					if sord == "desc" && sidx != "" {
						dir = " DESC"
					}
					col, _, _ := strings.Cut(order[sidx], ",")
					var want []string
					rows, err := e.App.DB.Query(t.Context(), `SELECT number FROM goods WHERE search LIKE ? ESCAPE '\'
						ORDER BY `+col+dir+`, id LIMIT 20 OFFSET ?`, search.Pattern(q), (page-1)*20)
					if err != nil {
						t.Fatal(err)
					}
					for rows.Next() {
						var n string
						rows.Scan(&n)
						want = append(want, n)
					}
					rows.Close()
					l := list(t, admin, fmt.Sprintf("matchCon=%s&sidx=%s&sord=%s&page=%d&rows=20", url.QueryEscape(q), sidx, sord, page))
					wantN := 1000
					if q == "雪碧" {
						wantN = 500
					}
					if got := numbers(l.Rows); l.Records != wantN || !slices.Equal(got, want) {
						t.Errorf("%s sidx=%s %s page %d: %d records %v, want %d %v", q, sidx, sord, page, l.Records, got, wantN, want)
					}
				}
			}
		}
	}
}
