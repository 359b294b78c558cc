package testkit

import "abfahrt/tui/internal/app"

// Frame is the frame the root would make of sh with focus on focus
// (tui's Model.frame): the clocks, the texts and styles, the limit and
// the alert as sh holds them now.
func Frame(sh *app.Shared, focus app.PaneID) app.Frame { return sh.Frame(focus) }
