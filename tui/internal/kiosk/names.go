package kiosk

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// placeholder: the names branch replaces this file.

// FitName returns name shortened to fit cells display cells: whole words
// while they fit, the last one cut at a word's end with ".", never inside
// a letter. lang is the language of the rules ("de", "en").
func FitName(name string, cells int, lang string) string {
	_ = lang
	if ansi.StringWidth(name) <= cells {
		return name
	}
	var out string
	for _, w := range strings.Fields(name) {
		next := w
		if out != "" {
			next = out + " " + w
		}
		if ansi.StringWidth(next) > cells {
			break
		}
		out = next
	}
	if out == "" {
		r := []rune(name)
		n := max(cells-1, 0)
		if n > len(r) {
			n = len(r)
		}
		if n == 0 {
			return ""
		}
		return string(r[:n]) + "."
	}
	return strings.TrimRight(out, ",")
}
