package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"abfahrt/internal/jsonout"
	"abfahrt/internal/textout"
	"abfahrt/model"
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
			found := textout.FindStops(stops, strings.Join(args, " "), limit)
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
				t.Row(strconv.Itoa(s.StopNumber), s.StopCode, s.StopName, textout.Platforms(s))
			}
			return t.Flush()
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the matching stop records as JSON")
	cmd.Flags().IntVar(&limit, "limit", 10, "at most this many stops")
	return cmd
}
