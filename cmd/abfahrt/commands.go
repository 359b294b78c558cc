package main

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"abfahrt/internal/jsonout"
	"abfahrt/internal/textout"
	"abfahrt/model"
	"abfahrt/tui/search"
)

func newStopsCmd(g *globals) *cobra.Command {
	var asJSON bool
	var limit int
	cmd := &cobra.Command{
		Use:   "stops QUERY",
		Short: "Find stops by name, number, code or stop point code (a DHID too; fuzzy, umlaut-insensitive)",
		Example: `  abfahrt stops ehinger
  abfahrt stops koenigstrasse
  abfahrt stops 1008
  abfahrt stops de:08421:1008`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) == 0 || strings.TrimSpace(strings.Join(args, " ")) == "" {
				return usagef("stops needs a QUERY, e.g. abfahrt stops ehinger")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if limit < 1 {
				return usagef("--limit must be at least 1, got %d", limit)
			}
			src, err := g.source()
			if err != nil {
				return err
			}
			ctx, cancel := withTimeout(cmd.Context())
			defer cancel()
			stops, err := src.client.Stops(ctx, model.ScopeBasic, 0)
			if err != nil {
				return err
			}
			found := findStops(stops, strings.Join(args, " "), limit)
			if asJSON {
				if err := jsonout.Print(g.stdout, found); err != nil {
					return err
				}
			}
			if len(found) == 0 {
				// The same exit status with or without --json (which
				// printed [] for its parser).
				return fmt.Errorf("no stop matches %q", strings.Join(args, " "))
			}
			if asJSON {
				return nil
			}
			t := textout.NewTable(g.stdout, g.word("STOP"), g.word("CODE"), g.word("NAME"), g.word("PLATFORMS"))
			for _, s := range found {
				t.Row(strconv.Itoa(s.StopNumber), s.StopCode, s.StopName, platforms(s))
			}
			return t.Flush()
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the matching stop records as JSON")
	cmd.Flags().IntVar(&limit, "limit", 10, "at most this many stops")
	return cmd
}

// findStops ranks stops for a query with the board's search engine: by
// name, number, code and any stop point code the service uses (6 digits,
// or a DHID and the stop's DHID it starts with). A stop point code the
// service does not use (a DHID against a service of 6-digit codes) finds
// the stop it names.
func findStops(stops []model.Stop, query string, limit int) []model.Stop {
	entries := make([]search.Entry, len(stops))
	for i, s := range stops {
		entries[i] = search.Entry{
			Kind:   search.KindStop,
			Title:  s.StopName,
			Detail: strconv.Itoa(s.StopNumber) + " · " + s.StopCode,
			Keys:   append([]string{strconv.Itoa(s.StopNumber), s.StopCode}, pointKeys(s)...),
			Low:    !model.IsPassengerStop(s.StopName),
			Ref:    i,
		}
	}
	hits := search.NewIndex(entries).Search(query, limit)
	out := make([]model.Stop, 0, len(hits))
	for _, h := range hits {
		if i, ok := h.Entry.Ref.(int); ok {
			out = append(out, stops[i])
		}
	}
	if len(out) == 0 {
		if c, err := model.ParseStopPointCode(query); err == nil {
			if n, ok := c.StopNumber(); ok {
				for _, s := range stops {
					if s.StopNumber == n {
						return []model.Stop{s}
					}
				}
			}
		}
	}
	return out
}

// pointKeys are the stop point codes of s as search keys: each code, and
// of a DHID (de:08421:1008:1:1) also the stop's DHID (de:08421:1008) and
// the area's (de:08421:1008:1), once each.
func pointKeys(s model.Stop) []string {
	var keys []string
	seen := map[string]bool{}
	add := func(k string) {
		if k != "" && !seen[k] {
			seen[k] = true
			keys = append(keys, k)
		}
	}
	for _, p := range s.StopPoints {
		c := p.StopPointCode
		if c.IsDHID() {
			parts := strings.Split(string(c), ":")
			for n := 3; n < len(parts); n++ {
				add(strings.Join(parts[:n], ":"))
			}
		}
		add(string(c))
	}
	return keys
}

func platforms(s model.Stop) string {
	var names []string
	seen := map[string]bool{}
	for _, p := range s.StopPoints {
		if p.PlatformName != "" && !seen[p.PlatformName] {
			seen[p.PlatformName] = true
			names = append(names, p.PlatformName)
		}
	}
	sort.Strings(names)
	return strings.Join(names, " ")
}
