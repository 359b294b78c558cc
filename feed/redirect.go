package feed

import (
	"net/http"
	"net/url"
	"strings"
)

// maxRedirects is how many redirects within the service's own origin a
// request follows.
const maxRedirects = 3

// RedirectError reports a redirect the client refused to follow: to
// another origin (scheme, host or port), from https to http, or one too
// many. The request that carried it was not sent; it reaches the caller
// as the cause of a *NetError.
type RedirectError struct {
	To     string // where the service redirected to, without the query
	Reason string // "redirected to another host", "too many redirects"
}

func (e *RedirectError) Error() string {
	return e.Reason + " (" + e.To + "); refused"
}

// checkRedirect is the redirect policy of every request the client sends:
// only within the origin of the first request, at most maxRedirects, and
// never with a Referer. next, if any, is the policy of a caller's own
// http.Client, asked after ours.
func checkRedirect(next func(*http.Request, []*http.Request) error) func(*http.Request, []*http.Request) error {
	return func(req *http.Request, via []*http.Request) error {
		req.Header.Del("Referer")
		if len(via) == 0 {
			return nil
		}
		to := redirectTarget(req.URL)
		if origin(req.URL) != origin(via[0].URL) {
			return &RedirectError{To: to, Reason: "redirected to another host"}
		}
		if len(via) > maxRedirects {
			return &RedirectError{To: to, Reason: "too many redirects"}
		}
		if next != nil {
			return next(req, via)
		}
		return nil
	}
}

// origin is scheme://host:port with the default port made explicit, so
// that http://h and http://h:80 are the same and http and https are not.
func origin(u *url.URL) string {
	scheme := strings.ToLower(u.Scheme)
	port := u.Port()
	if port == "" {
		switch scheme {
		case "http":
			port = "80"
		case "https":
			port = "443"
		}
	}
	return scheme + "://" + strings.ToLower(u.Hostname()) + ":" + port
}

// redirectTarget names a redirect target for a message: no user
// information, no query, at most 120 characters.
func redirectTarget(u *url.URL) string {
	c := *u
	c.User = nil
	c.RawQuery, c.ForceQuery, c.Fragment, c.RawFragment = "", false, "", ""
	return clip(c.String(), 120)
}

// withRedirectPolicy returns a copy of hc that follows the client's
// redirect policy (the caller's http.Client is not changed).
func withRedirectPolicy(hc *http.Client) *http.Client {
	c := *hc
	c.CheckRedirect = checkRedirect(hc.CheckRedirect)
	return &c
}
