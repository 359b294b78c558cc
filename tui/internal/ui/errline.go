package ui

import (
	"abfahrt/model"
)

// OneLine makes a message from outside (an error, a file's content) one
// line of visible text: white space collapsed, so it never breaks the bar,
// and escape sequences and controls removed (model.CleanText).
func OneLine(s string) string { return model.CleanText(s, maxMessage) }

// maxMessage caps a message in runes; the bars cut it to their width.
const maxMessage = 1000

// JoinNotice adds notice n to the status bar's notice old: after it,
// joined by " · ", or in its place when old is empty; an empty n adds
// nothing.
func JoinNotice(old, n string) string {
	switch {
	case n == "":
		return old
	case old == "":
		return n
	}
	return old + " · " + n
}
