package app

import (
	"abfahrt/tui/internal/ui"
	"abfahrt/tui/statefile"
	"fmt"
)

// addNotice adds n to the status bar's notice: the pins' and the boards'
// reports at start both show.
func AddNotice(sh *Shared, n string) {
	switch {
	case n == "":
	case sh.Notice == "":
		sh.Notice = n
	default:
		sh.Notice += " · " + n
	}
}

// stateNotice is the status bar's report of a state file's problem, or
// of entries beyond the cap, once at start; "" if none.
func StateNotice(dt *ui.DispTexts, prob *statefile.Problem, name string, used, total int) string {
	switch {
	case prob != nil && prob.KeptAs != "":
		return fmt.Sprintf(dt.StateKeptAside, prob.Name, prob.KeptAs)
	case prob != nil:
		return fmt.Sprintf(dt.StateLeft, prob.Name)
	case total > used:
		return fmt.Sprintf(dt.StateCapped, name, used, total)
	}
	return ""
}
