package feed

import "sync"

// sharedBase keeps the decoded answer of each whole-network base data URL
// (every stop, stop point, line or vehicle) with the ETag it came with.
// Asked again for an answer with the same ETag, the client hands out the
// same slices instead of decoding a copy: the hub's SSH sessions, each
// loading the network's base data at start through the hub's one client,
// then share one copy (100 sessions held 100 copies), and the decoding
// is done once. The values are read-only to every caller.
type sharedBase struct {
	mu sync.Mutex
	m  map[string]sharedValue
}

type sharedValue struct {
	etag string
	v    any
}

// get returns the value decoded from the answer of u with etag, if kept.
func (s *sharedBase) get(u, etag string) (any, bool) {
	if etag == "" {
		return nil, false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	sv, ok := s.m[u]
	if !ok || sv.etag != etag {
		return nil, false
	}
	return sv.v, true
}

// put keeps v, decoded from the answer of u with etag, in place of the
// one decoded from an earlier answer of u. Only a handful of URLs are
// whole-network base data, so the map stays small.
func (s *sharedBase) put(u, etag string, v any) {
	if etag == "" {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.m == nil {
		s.m = make(map[string]sharedValue)
	}
	s.m[u] = sharedValue{etag: etag, v: v}
}
