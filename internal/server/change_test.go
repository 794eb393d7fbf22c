package server

import (
	"encoding/json"
	"reflect"
	"testing"

	"cangshu/internal/dec"
)

func TestDiffNamesChangedFieldsLinesAndSkips(t *testing.T) {
	type line struct {
		Qty  dec.Dec `json:"qty"`
		Name string  `json:"name"`
	}
	type doc struct {
		Description string `json:"description"`
		Version     int    `json:"version"`
		Entries     []line `json:"entries"`
	}
	old := doc{Description: "a", Version: 1, Entries: []line{{dec.MustParse("2"), "可乐"}, {dec.MustParse("1"), "雪碧"}}}
	new := doc{Description: "b", Version: 2, Entries: []line{{dec.MustParse("3"), "可乐"}}}
	got := Diff(old, new, "version")
	want := []Change{
		{Field: "description", Old: "a", New: "b"},
		{Field: "entries[0].qty", Old: json.Number("2"), New: json.Number("3")},
		{Field: "entries[1]", Old: map[string]any{"qty": json.Number("1"), "name": "雪碧"}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %#v", got)
	}
	if d := Diff(old, old); len(d) != 0 {
		t.Errorf("no change: %v", d)
	}
}
