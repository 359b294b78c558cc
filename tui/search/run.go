package search

import (
	"runtime"
	"slices"
	"strings"
	"sync"
	"unicode"

	"github.com/sahilm/fuzzy"
)

// Search returns at most limit hits for the query, best first; limit <= 0
// returns all hits. An empty query (or one of only spaces) returns nil.
// Multi-word queries need every word to match.
func (ix *Index) Search(query string, limit int) []Result {
	q, ok := parseQuery(query)
	if !ok {
		return nil
	}
	rs, good := ix.search(&q, limit)
	if good || len(q.spellings[0].words) < 2 {
		return rs
	}
	if fewer := ix.withoutPlace(q.spellings[0].words, limit); fewer != nil {
		return fewer
	}
	return rs
}

// withoutPlace searches again without one word when no entry that is not
// Low matches all of them above the fuzzy tier: a town added to a stop's
// name ("ulm hbf", "Hauptbahnhof Ulm") finds the stop. The word left out
// must match something on its own (a word that matches nothing at all
// still finds nothing); of the words that can go, the one whose absence
// finds the best hit goes. It returns nil when no such word exists.
func (ix *Index) withoutPlace(words []string, limit int) []Result {
	var best []Result
	for i := range words {
		alone, ok := parseQuery(words[i])
		if !ok {
			continue
		}
		if _, good := ix.search(&alone, 1); !good {
			continue
		}
		rest, ok := parseQuery(strings.Join(slices.Delete(slices.Clone(words), i, i+1), " "))
		if !ok {
			continue
		}
		rs, good := ix.search(&rest, limit)
		if good && (best == nil || rs[0].Score > best[0].Score) {
			best = rs
		}
	}
	return best
}

// search is Search for a parsed query; good reports whether a hit that is
// not Low matched above the fuzzy tier.
func (ix *Index) search(q *query, limit int) ([]Result, bool) {
	sel := topK{limit: limit}
	if limit > 0 {
		sel.heap = make([]candidate, 0, min(limit, len(ix.items)))
	}
	// Entries that only the fuzzy scorer can place, per spelling.
	var fuzzyIDs [2][]int32
	ranked := 0 // non-Low hits in tiers above fuzzy
	for i := range ix.items {
		it := &ix.items[i]
		upTo, ok := sel.reach(it)
		if !ok {
			continue
		}
		if limit > 0 && ranked >= limit {
			// Fuzzy hits cannot make the list any more.
			upTo = min(upTo, tierDetail)
		}
		best, bestSp, fuzzySp := tierNone, 0, 0
		keys := ix.keysOf(it)
		for s := range q.spellings {
			m := classify(it, keys, &q.spellings[s], upTo)
			if m.tier < best {
				best, bestSp = m.tier, s
			}
			if m.fuzzy {
				fuzzySp |= 1 << s
			}
		}
		if best != tierNone {
			sel.push(ix.newCandidate(i, best, bestSp, 0))
			if !it.low {
				ranked++
			}
			continue
		}
		for s := range q.spellings {
			if fuzzySp&(1<<s) != 0 {
				fuzzyIDs[s] = append(fuzzyIDs[s], int32(i))
			}
		}
	}
	// Fuzzy hits rank below every other non-Low hit, so they are only
	// scored when the better tiers leave room.
	if limit <= 0 || ranked < limit {
		ix.fuzzyPass(q, &fuzzyIDs, &sel)
	}
	return ix.results(q, sel.sorted()), ranked > 0
}

// idSource presents the folded titles of some items to sahilm/fuzzy.
type idSource struct {
	items []item
	ids   []int32
}

// String returns the folded title of the i-th selected item.
func (s idSource) String(i int) string { return s.items[s.ids[i]].key }

// Len returns the number of selected items.
func (s idSource) Len() int { return len(s.ids) }

// scored is an item with its summed fuzzy score.
type scored struct {
	id    int32
	score int
}

// fuzzyPass scores the fuzzy candidates of every spelling with sahilm/fuzzy,
// word by word (each word must match), keeps each entry's better spelling
// and offers the hits to sel.
func (ix *Index) fuzzyPass(q *query, ids *[2][]int32, sel *topK) {
	var best []scored
	var bestSp map[int32]int // spelling per id where it is not the first
	if len(q.spellings) > 1 {
		bestSp = make(map[int32]int)
	}
	for s := range q.spellings {
		hits := ix.fuzzyScore(q.spellings[s].words, ids[s])
		if s == 0 {
			best = hits
			continue
		}
		best = mergeBest(best, hits, bestSp, s)
	}
	for _, h := range best {
		sel.push(ix.newCandidate(int(h.id), tierFuzzy, bestSp[h.id], h.score))
	}
}

// parallelChunk is the number of fuzzy candidates below which splitting the
// scoring over goroutines costs more than it saves (sahilm/fuzzy takes about
// a microsecond per candidate).
const parallelChunk = 2048

// fuzzyScore runs sahilm/fuzzy for each word over the candidate items and
// returns the items every word matched, in id order. Large candidate sets
// are split over the available CPUs.
func (ix *Index) fuzzyScore(words []string, ids []int32) []scored {
	parts := min(runtime.GOMAXPROCS(0), len(ids)/parallelChunk)
	if parts < 2 {
		return ix.fuzzyScoreSerial(words, ids)
	}
	results := make([][]scored, parts)
	var wg sync.WaitGroup
	for p := range parts {
		chunk := ids[p*len(ids)/parts : (p+1)*len(ids)/parts]
		wg.Go(func() { results[p] = ix.fuzzyScoreSerial(words, chunk) })
	}
	wg.Wait()
	return slices.Concat(results...)
}

// fuzzyScoreSerial is fuzzyScore on the calling goroutine.
func (ix *Index) fuzzyScoreSerial(words []string, ids []int32) []scored {
	if len(ids) == 0 {
		return nil
	}
	scores := make([]int, len(ids))
	for _, w := range words {
		ms := fuzzy.FindFromNoSort(w, idSource{items: ix.items, ids: ids})
		nextIDs := make([]int32, len(ms))
		nextScores := make([]int, len(ms))
		for j, m := range ms {
			nextIDs[j] = ids[m.Index]
			nextScores[j] = scores[m.Index] + m.Score
		}
		ids, scores = nextIDs, nextScores
		if len(ids) == 0 {
			return nil
		}
	}
	out := make([]scored, len(ids))
	for j, id := range ids {
		out[j] = scored{id: id, score: scores[j]}
	}
	return out
}

// mergeBest merges two id-ordered hit lists, keeping the higher score per id
// and recording in sp the spelling that won where it is spelling s.
func mergeBest(a, b []scored, sp map[int32]int, s int) []scored {
	out := make([]scored, 0, max(len(a), len(b)))
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case j == len(b) || i < len(a) && a[i].id < b[j].id:
			out = append(out, a[i])
			i++
		case i == len(a) || b[j].id < a[i].id:
			out = append(out, b[j])
			sp[b[j].id] = s
			j++
		default:
			if b[j].score > a[i].score {
				out = append(out, b[j])
				sp[b[j].id] = s
			} else {
				out = append(out, a[i])
			}
			i++
			j++
		}
	}
	return out
}

// results turns the selected candidates into Results with highlights.
func (ix *Index) results(q *query, cands []candidate) []Result {
	if len(cands) == 0 {
		return nil
	}
	out := make([]Result, len(cands))
	for i := range cands {
		c := &cands[i]
		out[i] = Result{
			Entry:   &ix.entries[c.id],
			Score:   c.score(),
			Matched: ix.highlight(c, &q.spellings[c.spelling]),
		}
	}
	return out
}

// highlight returns the rune indexes of the title that the spelling matched.
func (ix *Index) highlight(c *candidate, sp *spelling) []int {
	it := &ix.items[c.id]
	var offs []int // byte offsets into it.key
	addSpan := func(from, to int) {
		for o := from; o < to; o++ {
			offs = append(offs, o)
		}
	}
	switch c.tier {
	case tierExact, tierPrefix:
		if strings.HasPrefix(it.key, sp.joined) {
			addSpan(0, len(sp.joined))
		}
	case tierWordStart, tierSubstring, tierDetail:
		for _, w := range sp.words {
			if _, at := findWord(it.key, w); at >= 0 {
				addSpan(at, at+len(w))
			}
		}
	case tierFuzzy:
		for _, w := range sp.words {
			if ms := fuzzy.Find(w, []string{it.key}); len(ms) == 1 {
				offs = append(offs, ms[0].MatchedIndexes...)
			}
		}
	case tierNone:
	}
	if len(offs) == 0 {
		return nil
	}
	// Folding changes lengths (ß→ss, multi-byte runes), so map byte offsets
	// of the key back to runes of the title. The map is rebuilt here, for
	// the few hits shown, rather than stored for every entry.
	title := ix.entries[c.id].Title
	runeOf := make([]int32, 0, len(it.key))
	appendFold(make([]byte, 0, len(it.key)), title, &runeOf)
	runes := make([]int, 0, len(offs))
	for _, o := range offs {
		if it.key[o] == ' ' {
			continue // a space between matched words is not a match
		}
		runes = append(runes, int(runeOf[o]))
	}
	slices.Sort(runes)
	runes = slices.Compact(runes)
	if it.marks {
		runes = withMarks(title, runes)
	}
	return runes
}

// withMarks adds to the sorted rune indexes of title the combining marks
// that follow a highlighted rune, so a decomposed "ü" is highlighted whole.
func withMarks(title string, runes []int) []int {
	out := make([]int, 0, len(runes)+2)
	i, prevHit := 0, false
	for _, r := range title {
		hit := slices.Contains(runes, i) || prevHit && unicode.Is(unicode.Mn, r)
		if hit {
			out = append(out, i)
		}
		prevHit = hit
		i++
	}
	return out
}
