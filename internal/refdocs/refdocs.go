// Package refdocs writes abfahrt's reference from its definitions: every
// command and flag as Markdown and man pages (from the cobra commands),
// and every key of the configuration file (from config.Keys).
package refdocs

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/cobra/doc"

	"abfahrt/internal/config"
)

// manDate is the date in the man pages' footer. It is fixed so that make
// docs writes the same bytes on every run and machine (a date of today
// would change the tree every day and fail CI's check).
var manDate = time.Date(2026, time.September, 11, 0, 0, 0, 0, time.UTC)

// Write writes the reference of root's commands into dir/reference
// (abfahrt.md, abfahrt_stops.md, …) and dir/man (abfahrt.1,
// abfahrt-stops.1, …), replacing what a former run wrote there.
func Write(root *cobra.Command, dir string) error {
	ref, man := filepath.Join(dir, "reference"), filepath.Join(dir, "man")
	for _, d := range []struct{ path, ext string }{{ref, ".md"}, {man, ".1"}} {
		if err := os.MkdirAll(d.path, 0o750); err != nil {
			return fmt.Errorf("gen-docs: %w", err)
		}
		old, _ := filepath.Glob(filepath.Join(d.path, "*"+d.ext))
		for _, f := range old {
			if err := os.Remove(f); err != nil {
				return fmt.Errorf("gen-docs: %w", err)
			}
		}
	}
	// No "Auto generated on <date>" line: the same code writes the same
	// files.
	var quiet func(c *cobra.Command)
	quiet = func(c *cobra.Command) {
		c.DisableAutoGenTag = true
		for _, s := range c.Commands() {
			quiet(s)
		}
	}
	quiet(root)
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd()
	prepend := func(string) string {
		return "<!-- Generated from the command definitions by `make docs` (abfahrt gen-docs docs): do not edit. -->\n\n"
	}
	link := func(name string) string { return name }
	if err := doc.GenMarkdownTreeCustom(root, ref, prepend, link); err != nil {
		return fmt.Errorf("gen-docs: %w", err)
	}
	hdr := &doc.GenManHeader{Title: strings.ToUpper(root.Name()), Section: "1", Date: &manDate, Source: "abfahrt", Manual: "abfahrt manual"}
	if err := doc.GenManTree(root, hdr, man); err != nil {
		return fmt.Errorf("gen-docs: %w", err)
	}
	return writeConfigReference(filepath.Join(ref, "config.md"))
}

// writeConfigReference writes every key of the configuration file with
// its type, default and meaning, read from the configuration's types
// (config.Keys), as one Markdown table.
func writeConfigReference(path string) error {
	var b strings.Builder
	b.WriteString("<!-- Generated from the configuration's types by `make docs` (abfahrt gen-docs docs): do not edit. -->\n\n")
	b.WriteString("# The configuration file\n\n")
	b.WriteString("Every key of `$XDG_CONFIG_HOME/abfahrt/config.toml` (or `--config`, `ABFAHRT_CONFIG`). ")
	b.WriteString("NAME and LINE stand for a name the file chooses, `[]` for each entry of an array of tables. ")
	b.WriteString("How they work together is in [docs/configuration.md](../configuration.md).\n\n")
	b.WriteString("| key | type | default | meaning |\n|---|---|---|---|\n")
	cell := func(s string) string { return strings.ReplaceAll(s, "|", "\\|") }
	for _, k := range config.Keys() {
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", k.Key, k.Type, cell(k.Default), cell(k.Doc))
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil { //nolint:gosec // a document for everyone to read
		return fmt.Errorf("gen-docs: %w", err)
	}
	return nil
}
