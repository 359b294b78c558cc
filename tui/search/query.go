package search

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// maxQueryBytes bounds the folded query; nothing shown on a board is longer,
// and it keeps a pasted novel from costing more than a normal keystroke.
const maxQueryBytes = 256

// tier is a ranking tier; smaller is better.
type tier uint8

// The ranking tiers, best first; see the package documentation.
const (
	tierExact tier = iota
	tierPrefix
	tierWordStart
	tierSubstring
	tierDetail
	tierFuzzy
	tierNone
)

// spelling is one way to read the query: as typed (folded), or with "ae",
// "oe", "ue" read as umlauts.
type spelling struct {
	joined string   // words joined by single spaces
	words  []string // the words, folded
	mask   uint64   // runeMask of all words
}

// query is a prepared query: one or two spellings.
type query struct {
	spellings []spelling
}

// parseQuery folds q and splits it into words. It returns false when nothing
// is left to search for.
func parseQuery(q string) (query, bool) {
	folded := Fold(q)
	if len(folded) > maxQueryBytes {
		cut := maxQueryBytes
		for cut > 0 && !utf8.RuneStart(folded[cut]) {
			cut--
		}
		folded = folded[:cut]
	}
	words := strings.Fields(folded)
	if len(words) == 0 {
		return query{}, false
	}
	qr := query{spellings: []spelling{newSpelling(words)}}
	var alt []string
	for i, w := range words {
		v, changed := umlautVariant(w)
		if changed && alt == nil {
			alt = append([]string(nil), words...)
		}
		if alt != nil {
			alt[i] = v
		}
	}
	if alt != nil {
		qr.spellings = append(qr.spellings, newSpelling(alt))
	}
	return qr, true
}

// newSpelling prepares one spelling of the query.
func newSpelling(words []string) spelling {
	joined := strings.Join(words, " ")
	return spelling{joined: joined, words: words, mask: runeMask(joined)}
}

// match is how one spelling matched an entry before fuzzy scoring.
type match struct {
	tier tier
	// fuzzy is set when tier is tierNone but every word is a subsequence of
	// the title, so the fuzzy scorer should look at the entry.
	fuzzy bool
}

// classify finds the best tier of spelling sp for item it, looking no
// further than tier upTo: an entry that cannot reach upTo is reported as
// tierNone without the work of finding out how badly it matches. The fuzzy
// tier is only a candidacy here (every word a subsequence of the title); the
// scorer runs later. classify never allocates.
func classify(it *item, keys []string, sp *spelling, upTo tier) match {
	none := match{tier: tierNone}
	if sp.mask&^it.allMask != 0 {
		return none
	}
	if it.key == sp.joined || slices.Contains(keys, sp.joined) {
		return match{tier: tierExact}
	}
	if upTo < tierPrefix {
		return none
	}
	if strings.HasPrefix(it.key, sp.joined) {
		return match{tier: tierPrefix}
	}
	for _, k := range keys {
		if strings.HasPrefix(k, sp.joined) {
			return match{tier: tierPrefix}
		}
	}
	if upTo < tierWordStart {
		return none
	}
	worst := tierWordStart
	for _, w := range sp.words {
		t, _ := findWord(it.key, w)
		if t == tierNone && inDetail(it, keys, w) {
			t = tierDetail
		}
		worst = max(worst, t)
		if worst > upTo || worst == tierNone {
			break
		}
	}
	switch {
	case worst <= upTo:
		return match{tier: worst}
	case upTo < tierFuzzy || sp.mask&^it.titleMask != 0:
		return none
	}
	for _, w := range sp.words {
		if !isSubsequence(it.key, w) {
			return none
		}
	}
	return match{tier: tierNone, fuzzy: true}
}

// findWord looks for w in the folded key: tierWordStart and its offset if it
// occurs at the start of a word, else tierSubstring and the offset of its
// first occurrence, else tierNone.
func findWord(key, w string) (tier, int) {
	i := strings.Index(key, w)
	if i < 0 {
		return tierNone, -1
	}
	first := i
	for {
		if wordStartAt(key, i) {
			return tierWordStart, i
		}
		_, size := utf8.DecodeRuneInString(key[i:])
		j := strings.Index(key[i+size:], w)
		if j < 0 {
			return tierSubstring, first
		}
		i += size + j
	}
}

// inDetail reports whether w occurs in the folded detail or a folded key.
func inDetail(it *item, keys []string, w string) bool {
	if strings.Contains(it.detail, w) {
		return true
	}
	for _, k := range keys {
		if strings.Contains(k, w) {
			return true
		}
	}
	return false
}

// isSubsequence reports whether the runes of w occur in key in order.
func isSubsequence(key, w string) bool {
	pos := 0
	for _, r := range w {
		var j int
		if r < utf8.RuneSelf {
			j = strings.IndexByte(key[pos:], byte(r))
		} else {
			j = strings.IndexRune(key[pos:], r)
		}
		if j < 0 {
			return false
		}
		pos += j + utf8.RuneLen(r)
	}
	return true
}
