package feed

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"
)

// diskCache keeps base data answers across restarts: one file per URL,
// named by a hash of the URL, holding a header line and the body.
// Files are written atomically (temporary file, then rename); a file that
// cannot be read back exactly (wrong magic, URL, size or checksum) is
// ignored and replaced by the next good answer.
//
// The files hold raw bodies as the service sent them, never decoded
// values: a body read back goes through the same Decode functions as a
// fresh one, which clean its text (clean.go), so a file with hostile text,
// whether the service sent it or someone wrote it, yields clean values.
type diskCache struct {
	dir string
}

const diskMagic = "abfahrt-cache 1\n"

// diskHeader is the second line of a cache file.
type diskHeader struct {
	URL     string    `json:"url"`
	ETag    string    `json:"etag,omitempty"`
	Fetched time.Time `json:"fetched"`
	Size    int       `json:"size"`
	SHA256  string    `json:"sha256"`
}

func (d *diskCache) path(u string) string {
	sum := sha256.Sum256([]byte(u))
	return filepath.Join(d.dir, hex.EncodeToString(sum[:16])+".cache")
}

// load returns the cached answer for u, or nil when there is none or it is
// unreadable. Its lifetime runs from its fetch time; a fetch time in the
// future (a clock set back) counts as expired.
func (d *diskCache) load(u string, ttl time.Duration, now time.Time) *entry {
	f, err := os.Open(d.path(u))
	if err != nil {
		return nil
	}
	defer func() { _ = f.Close() }() //nolint:errcheck // read-only
	r := bufio.NewReader(io.LimitReader(f, maxBody+64<<10))
	magic, err := r.ReadString('\n')
	if err != nil || magic != diskMagic {
		return nil
	}
	line, err := r.ReadBytes('\n')
	if err != nil {
		return nil
	}
	var h diskHeader
	if json.Unmarshal(line, &h) != nil || h.URL != u || h.Size < 0 || h.Size > maxBody {
		return nil
	}
	body, err := io.ReadAll(r)
	if err != nil || len(body) != h.Size {
		return nil
	}
	sum := sha256.Sum256(body)
	if hex.EncodeToString(sum[:]) != h.SHA256 {
		return nil
	}
	e := &entry{body: body, etag: h.ETag, fetched: h.Fetched, expires: h.Fetched.Add(ttl)}
	if h.Fetched.After(now.Add(time.Minute)) {
		e.expires = now
	}
	return e
}

// save writes e for u atomically.
func (d *diskCache) save(u string, e *entry) (err error) {
	if err := os.MkdirAll(d.dir, 0o700); err != nil {
		return err
	}
	sum := sha256.Sum256(e.body)
	h, err := json.Marshal(diskHeader{URL: u, ETag: e.etag, Fetched: e.fetched, Size: len(e.body), SHA256: hex.EncodeToString(sum[:])})
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(d.dir, ".tmp-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			_ = tmp.Close()           //nolint:errcheck // already failing
			_ = os.Remove(tmp.Name()) //nolint:errcheck // already failing
		}
	}()
	var buf bytes.Buffer
	buf.Grow(len(diskMagic) + len(h) + 1 + len(e.body))
	buf.WriteString(diskMagic)
	buf.Write(h)
	buf.WriteByte('\n')
	buf.Write(e.body)
	if _, err = tmp.Write(buf.Bytes()); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	if err = os.Rename(tmp.Name(), d.path(u)); err != nil {
		return fmt.Errorf("disk cache: %w", err)
	}
	return nil
}

// remove deletes the file for u, if any.
func (d *diskCache) remove(u string) {
	_ = os.Remove(d.path(u)) //nolint:errcheck // a bad file is ignored on load anyway
}
