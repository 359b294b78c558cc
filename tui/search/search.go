// Package search is the fuzzy search behind the board's "/" prompt: a pure,
// immutable index over base data (stops, stop points, lines, vehicles) that
// folds German spelling, ranks exact and prefix matches first and returns
// highlights as rune indexes into the shown title.
//
// Every title and detail is folded once by [NewIndex] (see [Fold]). A query
// is folded the same way and also tried with "ae", "oe" and "ue" read as
// umlauts, so "munchen", "muenchen" and "München" all find "München" while
// "Mauer" still matches "mauer" as typed.
//
// Ranking, best first:
//
//  1. exact: the whole query equals the title or one of the entry's Keys;
//  2. prefix: the title (or a Key) starts with the query;
//  3. word start: every query word starts a word of the title;
//  4. substring: every query word occurs in the title;
//  5. detail: every query word occurs in the title, the Detail or a Key,
//     at least one of them outside the title;
//  6. fuzzy: every query word is a subsequence of the title, scored by
//     github.com/sahilm/fuzzy.
//
// When no entry that is not Low matches every word of a query of several
// words above the fuzzy tier, the query is tried once more without one
// word that matches on its own: "ulm hbf" and "Hauptbahnhof Ulm" find
// Hauptbahnhof (a town added to a stop's name), while a word that matches
// nothing ("ehinger xyz") still finds nothing.
//
// Within a tier, fuzzy hits are ordered by fuzzy score, then all hits by
// shorter title and by Kind (stop, stop point, line, vehicle), then by their
// order in the input. Entries marked Low come after all others whatever
// their tier.
//
// Speed comes from doing the expensive parts rarely: a 64-bit rune mask
// rejects most entries with one AND, the first four tiers need only
// strings.Index on prepared keys, the fuzzy scorer only sees entries that
// passed a subsequence check, and it does not run at all when the better
// tiers already fill the limit. The hot loop allocates nothing per entry.
package search

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Kind is what an entry stands for. Within a ranking tier smaller kinds come
// first.
type Kind int

// The kinds of entries, in ranking order.
const (
	// KindStop is a stop (a set of platforms sharing a name).
	KindStop Kind = iota
	// KindStopPoint is one platform of a stop.
	KindStopPoint
	// KindLine is a line.
	KindLine
	// KindVehicle is a vehicle.
	KindVehicle
	// KindAction is something to do (a key's action, in the command
	// palette).
	KindAction
	// KindTheme is a colour theme, KindLayout a layout of the config
	// (the command palette).
	KindTheme
	KindLayout
)

// Entry is one searchable thing.
type Entry struct {
	// Kind says what the entry stands for; it breaks ties in ranking.
	Kind Kind
	// Title is what is shown and matched, e.g. "Hauptbahnhof",
	// "Hauptbahnhof Steig B", "Linie 2 Kuhberg – Science Park II", "Bus 151".
	Title string
	// Detail is shown dimmed beside the title and matched too, but ranked
	// below title matches, e.g. "1008 · HBF", "100821", "tram".
	Detail string
	// Keys are extra exact keys: stop number "1008", stop code "HBF", stop
	// point code "100821", line number "2", vehicle number "151". A query
	// equal to a key ranks the entry first; a key starting with the query
	// ranks it with the title prefix matches.
	Keys []string
	// Low ranks the entry after all others: depots, replacement stops
	// ("Ersatzhalt", "_Bau", "_alt"), pause points, turning loops.
	Low bool
	// Ref is an opaque payload for the caller, e.g. a model.Stop.
	Ref any
}

// Result is one hit of [Index.Search].
type Result struct {
	// Entry is the matched entry, pointing into the entries the index was
	// made of.
	Entry *Entry
	// Score orders the results: higher is better. It encodes the ranking
	// tier, the fuzzy score within the tier and a penalty for Low entries;
	// ties are broken by shorter title and by Kind.
	Score int
	// Matched are the rune indexes into Entry.Title to highlight, sorted
	// and without duplicates. It is empty when only the Detail or a Key
	// matched.
	Matched []int
}

// item is the prepared, folded form of one entry. It is what the hot loop
// reads, so it stays small and flat (64 bytes: an index of the network's
// base data is held for as long as a board runs).
type item struct {
	key       string   // folded title
	detail    string   // folded detail
	titleMask uint64   // runes of key
	allMask   uint64   // runes of key, detail and keys
	keys      [2]int32 // its folded keys: Index.keys[keys[0]:keys[1]]
	titleLen  int32    // runes in Title
	kind      uint8    // Kind
	low       bool
	marks     bool // Title has combining marks, which fold to nothing
}

// Index is an immutable, prepared search index, safe for concurrent use.
type Index struct {
	entries []Entry
	items   []item
	keys    []string // the folded keys of all items
}

// keysOf returns the folded keys of it.
func (ix *Index) keysOf(it *item) []string { return ix.keys[it.keys[0]:it.keys[1]:it.keys[1]] }

// NewIndex folds and prepares entries for searching. The index keeps
// entries as they are, without a copy (an index of the network's base
// data is held for as long as a board runs, and a copy of it was a tenth
// of what a board keeps): the caller must not change them afterwards.
func NewIndex(entries []Entry) *Index {
	ix := &Index{
		entries: entries,
		items:   make([]item, len(entries)),
	}
	// All folded text lives in one string and all keys in one slice, so the
	// index is a handful of allocations however many entries it has. Spans
	// are offsets until the text is final.
	type span struct{ start, end int }
	type spans struct{ key, detail, keys span }
	size, nkeys := 0, 0
	for i := range entries {
		e := &entries[i]
		size += len(e.Title) + len(e.Detail)
		for _, k := range e.Keys {
			size += len(k)
		}
		nkeys += len(e.Keys)
	}
	var (
		buf      = make([]byte, 0, size+size/8) // room for ß→ss and the like
		keySpans = make([]span, 0, nkeys)
		sp       = make([]spans, len(entries))
	)
	for i := range ix.entries {
		e, s := &ix.entries[i], &sp[i]
		start := len(buf)
		buf = appendFold(buf, e.Title, nil)
		s.key = span{start, len(buf)}
		start = len(buf)
		buf = appendFold(buf, e.Detail, nil)
		s.detail = span{start, len(buf)}
		s.keys.start = len(keySpans)
		for _, k := range e.Keys {
			start = len(buf)
			buf = appendFold(buf, strings.TrimSpace(k), nil)
			keySpans = append(keySpans, span{start, len(buf)})
		}
		s.keys.end = len(keySpans)
	}
	text := string(buf)
	ix.keys = make([]string, len(keySpans))
	for j, k := range keySpans {
		ix.keys[j] = text[k.start:k.end]
	}
	for i := range ix.entries {
		e, s, it := &ix.entries[i], &sp[i], &ix.items[i]
		it.key = text[s.key.start:s.key.end]
		it.detail = text[s.detail.start:s.detail.end]
		it.keys = [2]int32{int32(s.keys.start), int32(s.keys.end)} //nolint:gosec // an index of 2^31 keys does not fit in memory
		it.titleMask = runeMask(it.key)
		it.allMask = it.titleMask | runeMask(it.detail)
		for _, k := range ix.keysOf(it) {
			it.allMask |= runeMask(k)
		}
		it.titleLen = int32(utf8.RuneCountInString(e.Title))
		it.kind = uint8(e.Kind) //nolint:gosec // the kinds are a handful of constants
		it.low = e.Low
		it.marks = hasMarks(e.Title)
	}
	return ix
}

// hasMarks reports whether s holds a combining mark (a decomposed umlaut).
func hasMarks(s string) bool {
	for _, r := range s {
		if r >= utf8.RuneSelf && unicode.Is(unicode.Mn, r) {
			return true
		}
	}
	return false
}

// Len returns the number of entries in the index.
func (ix *Index) Len() int { return len(ix.items) }
