package sim

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"hash/crc32"
	"strconv"
	"sync"
)

// gzipCacheMax bounds the compressed bodies kept; the cache is emptied
// when it is full (live answers get a new ETag every few seconds).
const gzipCacheMax = 512

// gzipParts is the compressed form of one answer without its
// CurrentTimestamp: head is a deflate stream of the bytes before the
// timestamp ended by a sync flush (not final), tail one of the bytes after
// it ended by the final block. The timestamp goes between them as a stored
// block, so one compression serves every second the ETag stays the same.
type gzipParts struct {
	head, tail []byte
}

// gzipCache keeps compressed bodies per ETag (and timestamp position).
type gzipCache struct {
	mu      sync.Mutex
	m       map[string]*gzipParts
	builds  int // compressions done, for tests
	writers sync.Pool
}

func newGzipCache() *gzipCache {
	return &gzipCache{m: make(map[string]*gzipParts)}
}

// gzipHeader is a gzip member header: deflate, no name, no mtime, OS unknown.
var gzipHeader = []byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff}

// encode returns the gzip encoding of resp.body, whose ETag is etag.
func (c *gzipCache) encode(resp *response, etag string) []byte {
	from, to := resp.tsFrom, resp.tsTo
	if to <= from || to > len(resp.body) || to-from > 0xffff {
		from, to = len(resp.body), len(resp.body)
	}
	key := etag + "|" + strconv.Itoa(from) + "|" + strconv.Itoa(len(resp.body)-to)
	c.mu.Lock()
	p := c.m[key]
	c.mu.Unlock()
	if p == nil {
		p = c.build(resp.body[:from], resp.body[to:])
		c.mu.Lock()
		if len(c.m) >= gzipCacheMax {
			clear(c.m)
		}
		c.m[key] = p
		c.builds++
		c.mu.Unlock()
	}
	ts := resp.body[from:to]
	out := make([]byte, 0, len(gzipHeader)+len(p.head)+5+len(ts)+len(p.tail)+8)
	out = append(out, gzipHeader...)
	out = append(out, p.head...)
	if len(ts) > 0 {
		// A stored block, not final; head ended byte-aligned (sync flush).
		out = append(out, 0, byte(len(ts)), byte(len(ts)>>8), ^byte(len(ts)), ^byte(len(ts)>>8))
		out = append(out, ts...)
	}
	out = append(out, p.tail...)
	out = binary.LittleEndian.AppendUint32(out, crc32.ChecksumIEEE(resp.body))
	return binary.LittleEndian.AppendUint32(out, uint32(len(resp.body)))
}

// build compresses the parts around the timestamp.
func (c *gzipCache) build(head, tail []byte) *gzipParts {
	var p gzipParts
	var buf bytes.Buffer
	buf.Grow(len(head)/4 + 64)
	zw := c.writer(&buf)
	_, _ = zw.Write(head) // writing to a bytes.Buffer cannot fail
	_ = zw.Flush()
	p.head = bytes.Clone(buf.Bytes())
	buf.Reset()
	zw.Reset(&buf)
	_, _ = zw.Write(tail)
	_ = zw.Close()
	p.tail = bytes.Clone(buf.Bytes())
	c.writers.Put(zw)
	return &p
}

func (c *gzipCache) writer(buf *bytes.Buffer) *flate.Writer {
	if zw, ok := c.writers.Get().(*flate.Writer); ok {
		zw.Reset(buf)
		return zw
	}
	zw, _ := flate.NewWriter(buf, flate.DefaultCompression) // the level is valid
	return zw
}
