package db_test

import (
	"context"
	"slices"
	"testing"

	"cangshu/internal/db"
	"cangshu/internal/dbtest"
)

// The tables a restore requires of a backup of this version are the
// tables a migrated database has (read from the migrations' SQL).
func TestTablesAtAreTheSchema(t *testing.T) {
	t.Parallel()
	d := dbtest.Open(t)
	ctx := context.Background()
	live, err := d.Tables(ctx)
	if err != nil {
		t.Fatal(err)
	}
	list, err := db.Migrations(d.Engine())
	if err != nil {
		t.Fatal(err)
	}
	var versions []string
	for _, m := range list {
		versions = append(versions, m.Version)
	}
	at, err := db.TablesAt(d.Engine(), versions)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, x := range live {
		if x != "schema_migrations" {
			want = append(want, x)
		}
	}
	var got []string
	for x := range at {
		got = append(got, x)
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("tables from the migrations:\n%v\nthe schema's:\n%v", got, want)
	}
}
