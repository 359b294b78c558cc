package accessible

import (
	"strings"
	"unicode"

	"abfahrt/tui/search"
)

// strict keeps of the search's hits (best first) those a rider meant, as
// `abfahrt stops` would rank them first, at most maxChoices: those whose
// every query word starts a word of the name or is (the start of) its
// number or code; failing that, those that hold every word; failing that,
// only the close misspellings (each word at most one edit from the start
// of a word of the name, two for words of eight letters and more). "uni"
// offers the two Universität stops, not Junginger Straße.
func strict(found []search.Result, query string) []search.Result {
	words := fields(search.Fold(query))
	if len(words) == 0 {
		return nil
	}
	for _, rule := range []func(name []string, folded string, keys []string, w string) bool{
		startsWord, holds, closeSlip,
	} {
		var out []search.Result
		for _, r := range found {
			folded := search.Fold(r.Entry.Title)
			name := fields(folded)
			keys := make([]string, 0, len(r.Entry.Keys))
			for _, k := range r.Entry.Keys {
				keys = append(keys, search.Fold(k))
			}
			all := true
			for _, w := range words {
				if !rule(name, folded, keys, w) {
					all = false
					break
				}
			}
			if all && len(out) < maxChoices {
				out = append(out, r)
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	return nil
}

// fields are the words of a folded name.
func fields(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

func startsWord(name []string, _ string, keys []string, w string) bool {
	for _, k := range keys {
		if k != "" && strings.HasPrefix(k, w) {
			return true
		}
	}
	for _, n := range name {
		if strings.HasPrefix(n, w) {
			return true
		}
	}
	return false
}

func holds(_ []string, folded string, _ []string, w string) bool { return strings.Contains(folded, w) }

func closeSlip(name []string, _ string, _ []string, w string) bool {
	ww := []rune(w)
	most := 1
	if len(ww) >= 8 {
		most = 2
	}
	if len(ww) < 4 {
		return false // too short to tell a slip from another name
	}
	for _, n := range name {
		nn := []rune(n)
		for _, l := range []int{len(ww) - 1, len(ww), len(ww) + 1} {
			if l > 0 && l <= len(nn) && edits(ww, nn[:l]) <= most {
				return true
			}
		}
	}
	return false
}

// edits is the edit distance of a and b (insertions, deletions,
// substitutions, and swaps of two neighbours).
func edits(a, b []rune) int {
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}
