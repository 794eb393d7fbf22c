package sheet

// Without is cols without the columns whose keys are hidden (money the
// caller may not see, server.Money.Hidden), and cut, which cuts a row of
// cells written for cols the same way.
func Without(cols []Column, hidden map[string]bool) (kept []Column, cut func(row []any) []any) {
	if len(hidden) == 0 {
		return cols, func(row []any) []any { return row }
	}
	keep := make([]bool, len(cols))
	for i, c := range cols {
		if !hidden[c.Key] {
			keep[i] = true
			kept = append(kept, c)
		}
	}
	return kept, func(row []any) []any {
		out := make([]any, 0, len(kept))
		for i, v := range row {
			if i >= len(keep) || keep[i] {
				out = append(out, v)
			}
		}
		return out
	}
}
