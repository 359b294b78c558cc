package feed

import (
	"sync"
	"time"
)

// maxMemEntries bounds the in-memory cache; a long-running board that
// visits many stops must not grow without limit.
const maxMemEntries = 1024

// Memory bounds of the caches: an answer above maxCachedBody is used once
// and not kept (in memory or on disk; the real network's largest answer,
// all stop points, is well below it), and the memory cache holds at most
// maxMemBytes of bodies in all, so a service padding its answers cannot
// make a board that polls many stops hold a body per stop.
const (
	maxCachedBody = 4 << 20
	maxMemBytes   = 64 << 20
)

// entry is one cached answer: the raw body, which every caller decodes
// (and so cleans, see clean.go) itself. Entries are never modified once made: a
// revalidation replaces the entry, so callers may read a body they hold
// without locking.
type entry struct {
	body    []byte
	etag    string
	fetched time.Time
	expires time.Time
	// What the answer's headers said (answer.go): the Age of the data when
	// it arrived, a stale warning, the simulation's marker.
	age       time.Duration
	ageKnown  bool
	stale     bool
	simulated bool
	replay    string // the day a replay recorded it (wire.ReplayHeader)
	// shed: the body was let go once decoded (the client keeps the decoded
	// whole-network base data by ETag, sharedBase); the entry still serves
	// its ETag and lifetime.
	shed bool
}

// memCache holds the latest good answer per URL, current or expired (an
// expired one still serves revalidation by ETag).
type memCache struct {
	mu    sync.Mutex
	m     map[string]*entry
	max   int
	bytes int // total size of the bodies held
}

func newMemCache(max int) *memCache {
	return &memCache{m: make(map[string]*entry), max: max}
}

// get returns the entry for u, current or not.
func (mc *memCache) get(u string) *entry {
	mc.mu.Lock()
	defer mc.mu.Unlock()
	return mc.m[u]
}

// current returns the entry for u if it has not expired at now.
func (mc *memCache) current(u string, now time.Time) *entry {
	mc.mu.Lock()
	defer mc.mu.Unlock()
	if e := mc.m[u]; e != nil && now.Before(e.expires) {
		return e
	}
	return nil
}

// put stores e for u, making room when the cache is full: first by
// dropping expired entries, then the least recently fetched one.
// An answer too large to keep is not stored, and replaces no other.
func (mc *memCache) put(u string, e *entry) {
	if len(e.body) > maxCachedBody {
		return
	}
	mc.mu.Lock()
	defer mc.mu.Unlock()
	mc.remove(u)
	if len(mc.m) >= mc.max || mc.bytes+len(e.body) > maxMemBytes {
		mc.evict(e.fetched, len(e.body))
	}
	mc.m[u] = e
	mc.bytes += len(e.body)
}

// remove deletes the entry of u, if any; mc.mu is held.
func (mc *memCache) remove(u string) {
	if old, ok := mc.m[u]; ok {
		mc.bytes -= len(old.body)
		delete(mc.m, u)
	}
}

// evict makes room for one entry of size bytes: expired entries go first,
// then the least recently fetched ones.
func (mc *memCache) evict(now time.Time, size int) {
	for k, v := range mc.m {
		if !now.Before(v.expires) {
			mc.remove(k)
		}
	}
	for len(mc.m) > 0 && (len(mc.m) >= mc.max || mc.bytes+size > maxMemBytes) {
		var oldestURL string
		var oldest time.Time
		for k, v := range mc.m {
			if oldestURL == "" || v.fetched.Before(oldest) {
				oldestURL, oldest = k, v.fetched
			}
		}
		mc.remove(oldestURL)
	}
}

// drop removes the entry for u if it is still e (an answer that could not
// be decoded must not be served again).
func (mc *memCache) drop(u string, e *entry) {
	mc.mu.Lock()
	defer mc.mu.Unlock()
	if mc.m[u] == e {
		mc.remove(u)
	}
}

// shed replaces the entry of u, if it is still e, by one without the body:
// the whole network's base data, once decoded, is kept decoded (by ETag)
// and need not be kept raw as well (about 0.7 MB for the Ulm network, and
// twice that resident with the collector's headroom).
func (mc *memCache) shed(u string, e *entry) {
	mc.mu.Lock()
	defer mc.mu.Unlock()
	if mc.m[u] != e || e.body == nil {
		return
	}
	t := *e
	t.body, t.shed = nil, true
	mc.bytes -= len(e.body)
	mc.m[u] = &t
}
