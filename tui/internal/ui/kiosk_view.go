package ui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// wrapWords breaks plain text into lines of at most w cells at spaces; a
// word longer than w is cut.
func WrapWords(s string, w int) []string {
	if w <= 0 {
		return nil
	}
	var out []string
	line := ""
	for _, word := range strings.Fields(s) {
		switch {
		case line == "":
			line = word
		case ansi.StringWidth(line)+1+ansi.StringWidth(word) <= w:
			line += " " + word
		default:
			out = append(out, Fit(line, w))
			line = word
		}
	}
	if line != "" {
		out = append(out, Fit(line, w))
	}
	return out
}
