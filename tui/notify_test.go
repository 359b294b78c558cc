package tui

import (
	"bytes"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/tui/internal/app"
	"abfahrt/tui/internal/remind"
)

// Issue 26 item 4: a reminder rings the bell while the terminal is
// focused; when the terminal reported it lost the focus it notifies the
// desktop by the terminal's sequence instead, saying how old its data is.
func TestReminderNotifiesTheDesktopWhenUnfocused(t *testing.T) {
	for _, c := range []struct {
		kind    string
		blurred bool
		want    string
	}{
		{remind.NotifyOSC9, false, "\a"},
		{remind.NotifyOSC9, true, "\x1b]9;abfahrt: Leave in 1 min for line 7 to Kuhberg (12:42) · data from "},
		{remind.NotifyOSC777, true, "\x1b]777;notify;abfahrt;Leave in 1 min for line 7 to Kuhberg (12:42) · data from "},
		{remind.NotifyOSC99, true, "\x1b]99;;abfahrt: Leave in 1 min for line 7 to Kuhberg (12:42) · data from "},
		{remind.NotifyBell, true, "\a"},
		{remind.NotifyOff, true, ""},
	} {
		var bell bytes.Buffer
		e := newRemEnv(t, 4*time.Minute, "", &bell)
		e.m.sh.Reminders = nil
		e.m = New(app.Options{Source: e.src, SourceName: "simulated Ulm network", Now: func() time.Time { return e.now }, Walk: 4 * time.Minute, Bell: &bell, Notify: c.kind})
		e.send(tea.WindowSizeMsg{Width: 120, Height: 30})
		e.send(e.src.Base)
		e.poll()
		if c.blurred {
			e.send(tea.BlurMsg{})
		} else {
			e.send(tea.FocusMsg{})
		}
		e.cursorTo("Kuhberg")
		e.run(e.Key("t"))
		e.remTick(3 * time.Minute) // a minute before the leave time
		got := bell.String()
		switch {
		case c.want == "" && got != "":
			t.Errorf("%s: wrote %q, want nothing", c.kind, got)
		case c.want != "" && !strings.HasPrefix(got, c.want):
			t.Errorf("%s blurred %v: wrote %q, want %q…", c.kind, c.blurred, got, c.want)
		case strings.HasPrefix(c.want, "\x1b]") && !strings.Contains(got, "ago"):
			t.Errorf("%s: the notification does not say the data's age: %q", c.kind, got)
		}
	}
}
