package search

import (
	"cmp"
	"slices"
)

// Score layout: each tier owns a band of tierStride points; the fuzzy score
// moves a hit within its band, and Low entries sit below every band.
const (
	tierStride  = 1000
	maxFuzzy    = tierStride/2 - 1
	lowPenalty  = int(tierNone) * tierStride
	scoreOffset = int(tierNone) * tierStride
)

// candidate is a hit before highlights are computed.
type candidate struct {
	id       int32 // index into Index.items
	titleLen int32
	fuzzy    int32 // fuzzy score, only in tierFuzzy
	tier     tier
	spelling uint8 // which spelling of the query matched
	kind     Kind
	low      bool
}

// newCandidate makes a candidate for item id.
func (ix *Index) newCandidate(id int, t tier, sp int, fuzzy int) candidate {
	it := &ix.items[id]
	return candidate{
		id:       int32(id),
		titleLen: it.titleLen,
		fuzzy:    int32(max(-maxFuzzy, min(maxFuzzy, fuzzy))),
		tier:     t,
		spelling: uint8(sp),
		kind:     Kind(it.kind),
		low:      it.low,
	}
}

// score is the public Score of a candidate: higher is better.
func (c *candidate) score() int {
	s := scoreOffset - int(c.tier)*tierStride + int(c.fuzzy)
	if c.low {
		s -= lowPenalty
	}
	return s
}

// compareCandidates orders candidates best first: not Low, better tier,
// higher fuzzy score, shorter title, smaller kind, earlier entry.
func compareCandidates(a, b candidate) int {
	if a.low != b.low {
		if b.low {
			return -1
		}
		return 1
	}
	if c := cmp.Compare(a.tier, b.tier); c != 0 {
		return c
	}
	if c := cmp.Compare(b.fuzzy, a.fuzzy); c != 0 {
		return c
	}
	if c := cmp.Compare(a.titleLen, b.titleLen); c != 0 {
		return c
	}
	if c := cmp.Compare(a.kind, b.kind); c != 0 {
		return c
	}
	return cmp.Compare(a.id, b.id)
}

// topK keeps the best limit candidates seen so far in a binary heap whose
// root is the worst of them, so a candidate that cannot make the list is
// rejected with one comparison. limit <= 0 keeps everything.
type topK struct {
	limit int
	heap  []candidate
}

// push offers c to the selection.
func (t *topK) push(c candidate) {
	if t.limit <= 0 || len(t.heap) < t.limit {
		t.heap = append(t.heap, c)
		if t.limit > 0 {
			t.up(len(t.heap) - 1)
		}
		return
	}
	if compareCandidates(c, t.heap[0]) >= 0 {
		return
	}
	t.heap[0] = c
	t.down(0)
}

// reach returns the worst tier at which item it could still enter the
// selection during the first pass, or false if it cannot enter at all. It
// relies on items being offered in id order, and on fuzzy candidates being
// offered only after the first pass.
func (t *topK) reach(it *item) (tier, bool) {
	if t.limit <= 0 || len(t.heap) < t.limit {
		return tierFuzzy, true
	}
	root := &t.heap[0]
	switch {
	case it.low && !root.low:
		return 0, false
	case !it.low && root.low || root.tier == tierFuzzy:
		return tierFuzzy, true
	}
	// Same lowness, root in a non-fuzzy tier: at the root's tier the item
	// wins only on a shorter title or smaller kind, as its id is larger.
	if it.titleLen < root.titleLen || it.titleLen == root.titleLen && Kind(it.kind) < root.kind {
		return root.tier, true
	}
	if root.tier == tierExact {
		return 0, false
	}
	return root.tier - 1, true
}

// worse reports whether heap element i ranks below element j (a max-heap
// by badness).
func (t *topK) worse(i, j int) bool { return compareCandidates(t.heap[i], t.heap[j]) > 0 }

func (t *topK) up(i int) {
	for i > 0 {
		p := (i - 1) / 2
		if !t.worse(i, p) {
			return
		}
		t.heap[i], t.heap[p] = t.heap[p], t.heap[i]
		i = p
	}
}

func (t *topK) down(i int) {
	n := len(t.heap)
	for {
		l := 2*i + 1
		if l >= n {
			return
		}
		w := l
		if r := l + 1; r < n && t.worse(r, l) {
			w = r
		}
		if !t.worse(w, i) {
			return
		}
		t.heap[i], t.heap[w] = t.heap[w], t.heap[i]
		i = w
	}
}

// sorted returns the kept candidates best first.
func (t *topK) sorted() []candidate {
	slices.SortFunc(t.heap, compareCandidates)
	return t.heap
}
