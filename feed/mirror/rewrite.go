package mirror

import (
	"bytes"
	"context"
	"encoding/json"
	"net"
	"net/http"
	"strings"
	"sync"
)

// takesLimit reports whether the endpoint at path ep takes Limit (the
// departures and arrivals of a stop or stop point).
func takesLimit(ep string) bool {
	e, ok := endpoints[ep]
	return ok && indexOf(e.params, "Limit") >= 0
}

// versionInfo is /VersionInfo with its BaseURL naming the hub, not the
// upstream: a client that follows it keeps asking the hub. The hub's URL
// is Options.PublicURL, else the address the client reached it at (its
// Host header, when that is a host and port and nothing else).
func (m *Mirror) versionInfo(r *http.Request, e *entry) *limitCut {
	public := m.public
	if public == "" {
		host := r.Host
		if !plainHost(host) {
			return &limitCut{body: e.body, etag: e.etag}
		}
		public = "http://" + host + BasePath
	}
	body, ok := replaceBaseURL(e.body, public)
	if !ok {
		return &limitCut{body: e.body, etag: e.etag}
	}
	return &limitCut{body: body, etag: ownETag(body), limited: true}
}

// plainHost reports whether h is a host name or address with an optional
// port, as a client's Host header should be.
func plainHost(h string) bool {
	if h == "" || len(h) > 255 {
		return false
	}
	host := h
	if hh, _, err := net.SplitHostPort(h); err == nil {
		host = hh
	}
	if net.ParseIP(host) != nil {
		return true
	}
	for i := 0; i < len(host); i++ {
		c := host[i]
		if !isLetter(c) && (c < '0' || c > '9') && c != '-' && c != '.' {
			return false
		}
	}
	return host != ""
}

// replaceBaseURL makes VersionInfo name u where it names the upstream:
// its BaseURL and every URL below it (AvailableData's endpoint URLs),
// every other byte as it was.
func replaceBaseURL(body []byte, u string) ([]byte, bool) {
	var vi struct{ VersionInfo struct{ BaseURL string } }
	if json.Unmarshal(body, &vi) != nil || vi.VersionInfo.BaseURL == "" {
		return nil, false
	}
	old, err1 := json.Marshal(strings.TrimRight(vi.VersionInfo.BaseURL, "/"))
	repl, err2 := json.Marshal(u)
	if err1 != nil || err2 != nil {
		return nil, false
	}
	// The quoted forms without their closing quote: a string value that
	// starts with the old base URL, followed by its end or a slash.
	old, repl = old[:len(old)-1], repl[:len(repl)-1]
	out := make([]byte, 0, len(body)+len(body)/8)
	rest := body
	for {
		i := bytes.Index(rest, old)
		if i < 0 {
			break
		}
		j := i + len(old)
		if j < len(rest) && (rest[j] == '"' || rest[j] == '/') {
			out = append(out, rest[:i]...)
			out = append(out, repl...)
		} else {
			out = append(out, rest[:j]...)
		}
		rest = rest[j:]
	}
	return append(out, rest...), true
}

// pointCodes are the stop point codes the base data names, lower-cased,
// each with the base data's own spelling.
type pointCodes struct {
	mu    sync.Mutex
	from  *entry // the base data answer they were read from
	codes map[string]string
}

// stopPointBase is the stop point base data of all stops, the mirror's
// source of the codes it accepts.
const stopPointBase = "/stoppoint/attributes/BaseData"

// checkPointCode checks a StopPointCode that is not 6 digits against the
// stop point base data (through the cache: one upstream request a day)
// and puts the base data's spelling into the upstream query. Without the
// base data (the upstream failing since the hub started) a code shaped
// like a DHID passes, so that boards are served what the cache holds.
func (m *Mirror) checkPointCode(ctx context.Context, q *clientQuery) *paramError {
	e, _, err := m.get(ctx, stopPointBase, stopPointBase, m.baseTTL)
	if err != nil || e.status != http.StatusOK {
		return nil
	}
	m.codes.mu.Lock()
	if m.codes.from != e {
		m.codes.from, m.codes.codes = e, readPointCodes(e.body)
	}
	codes := m.codes.codes
	m.codes.mu.Unlock()
	if len(codes) == 0 {
		return nil
	}
	canon, ok := codes[strings.ToLower(q.pointCode)]
	if !ok {
		return badParam("StopPointCode", "6 digits or a code of the stop point base data", q.pointCode)
	}
	q.upstream = strings.Replace(q.upstream, "StopPointCode="+escapeValue(q.pointCode), "StopPointCode="+escapeValue(canon), 1)
	return nil
}

// readPointCodes reads the StopPointCode strings of stop point base data
// (numbers are 6 digits, accepted without it).
func readPointCodes(body []byte) map[string]string {
	var doc struct {
		StopPointAttributes struct {
			StopPointData json.RawMessage
		}
	}
	if json.Unmarshal(body, &doc) != nil {
		return nil
	}
	type rec struct{ StopPointCode json.RawMessage }
	var recs []rec
	if json.Unmarshal(doc.StopPointAttributes.StopPointData, &recs) != nil {
		var one rec
		if json.Unmarshal(doc.StopPointAttributes.StopPointData, &one) != nil {
			return nil
		}
		recs = []rec{one}
	}
	codes := make(map[string]string, len(recs))
	for _, r := range recs {
		var s string
		if json.Unmarshal(r.StopPointCode, &s) == nil && s != "" {
			codes[strings.ToLower(s)] = s
		}
	}
	return codes
}
