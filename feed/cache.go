package feed

import (
	"sync"
	"time"
)

// maxMemEntries bounds the in-memory cache; a long-running board that
// visits many stops must not grow without limit.
const maxMemEntries = 1024

// entry is one cached answer: the raw body, which every caller decodes
// (and so cleans, see clean.go) itself. Entries are never modified once made: a
// revalidation replaces the entry, so callers may read a body they hold
// without locking.
type entry struct {
	body    []byte
	etag    string
	fetched time.Time
	expires time.Time
}

// memCache holds the latest good answer per URL, current or expired (an
// expired one still serves revalidation by ETag).
type memCache struct {
	mu  sync.Mutex
	m   map[string]*entry
	max int
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
func (mc *memCache) put(u string, e *entry) {
	mc.mu.Lock()
	defer mc.mu.Unlock()
	if _, ok := mc.m[u]; !ok && len(mc.m) >= mc.max {
		mc.evict(e.fetched)
	}
	mc.m[u] = e
}

func (mc *memCache) evict(now time.Time) {
	var oldestURL string
	var oldest time.Time
	for k, v := range mc.m {
		if !now.Before(v.expires) {
			delete(mc.m, k)
			continue
		}
		if oldestURL == "" || v.fetched.Before(oldest) {
			oldestURL, oldest = k, v.fetched
		}
	}
	if len(mc.m) >= mc.max && oldestURL != "" {
		delete(mc.m, oldestURL)
	}
}

// drop removes the entry for u if it is still e (an answer that could not
// be decoded must not be served again).
func (mc *memCache) drop(u string, e *entry) {
	mc.mu.Lock()
	defer mc.mu.Unlock()
	if mc.m[u] == e {
		delete(mc.m, u)
	}
}
