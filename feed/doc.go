// Package feed is the client of a mobility/v1 public transport data
// service: it builds and validates requests, sends them, absorbs the quirks
// of the real service's wire format (two status conventions, missing or
// null record lists, a single object where a list is expected, string or
// number stop point codes) and decodes the answers into the types of
// package model. The service's text is untrusted: every string decoded,
// and every error that quotes the service, is cleaned of escape sequences,
// control and bidi characters, and capped in length (model.CleanText).
//
// A Client is safe for concurrent use by many callers. It caches answers
// per URL for the update interval of their dataset (15 seconds for live
// data, 24 hours for base data), makes one upstream request for concurrent
// identical requests, revalidates expired answers with ETag/If-None-Match,
// and keeps base data in a disk cache so a restart within a day makes no
// base data request.
//
// Every error is one line fit to be printed after the program's name. The
// error types say what went wrong: *ParamError (a parameter was rejected
// before any request), *NotFoundError (the service does not know the stop
// or vehicle), *HTTPError (a non-2xx answer), *DecodeError (an answer that
// cannot be read), *NetError (the service cannot be reached) and
// *TimeoutError (it did not answer in time).
//
// The polling policy (NextDelay, Jitter, RetryAfter) is a set of pure
// functions for callers that poll.
package feed

//go:generate go run ./internal/fixturegen -src ../../shared/data/swu -out testdata

// Version is the program version sent in the User-Agent header
// (abfahrt/<Version>). It is set by the linker:
//
//	go build -ldflags "-X abfahrt/feed.Version=1.2.3"
var Version = "dev"
