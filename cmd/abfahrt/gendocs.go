//go:build gendocs

package main

import (
	"github.com/spf13/cobra"

	"abfahrt/internal/refdocs"
)

// The command reference is written by a build of abfahrt with the tag
// gendocs (make docs: go run -tags gendocs ./cmd/abfahrt gen-docs docs),
// not by the abfahrt users run: the Markdown-to-man converter it needs
// (cobra/doc, go-md2man, blackfriday) builds a table of 214 kB in its
// package initialisation, which every process of abfahrt held for
// nothing (GODEBUG=inittrace=1).
func init() { commands = append(commands, newGenDocsCmd) }

// newGenDocsCmd is `abfahrt gen-docs DIR` (hidden; make docs runs it):
// the reference of every command and flag as Markdown in DIR/reference
// and as man pages in DIR/man, written from the command definitions.
func newGenDocsCmd(_ *globals) *cobra.Command {
	return &cobra.Command{
		Use:    "gen-docs DIR",
		Short:  "Write the command reference (Markdown) and the man pages into DIR",
		Args:   cobra.ExactArgs(1),
		Hidden: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			return refdocs.Write(cmd.Root(), args[0])
		},
	}
}
