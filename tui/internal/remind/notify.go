package remind

import (
	"fmt"
	"io"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/model"
	"abfahrt/tui/internal/ui"
)

// Desktop notifications. A reminder rings the terminal
// bell; while the terminal is not focused (focus reporting, mode 1004) it
// notifies the desktop instead, by the terminal's own escape sequence,
// each notification saying how old the data behind it is.
const (
	NotifyBell   = "bell"   // BEL only (the default of the model)
	NotifyOSC9   = "osc9"   // iTerm2, WezTerm, Ghostty, Windows Terminal: ESC ] 9 ; text BEL
	NotifyOSC777 = "osc777" // urxvt, foot, Konsole: ESC ] 777 ; notify ; title ; body BEL
	NotifyOSC99  = "osc99"  // kitty: ESC ] 99 ; ; text ST
	NotifyOff    = "off"    // nothing at all
	NotifyAuto   = "auto"   // NotifyFor picks by the terminal
)

// NotifyModes are the values of --notify and notify = ….
var NotifyModes = []string{NotifyAuto, NotifyOSC9, NotifyOSC777, NotifyOSC99, NotifyBell, NotifyOff}

// NotifyFor resolves mode for the terminal the environment names: auto
// is osc99 in kitty, osc9 in iTerm2, WezTerm, Ghostty and Windows
// Terminal, osc777 in foot, urxvt and Konsole, else the bell (inside tmux
// or screen the bell: they do not pass the sequences on).
func NotifyFor(mode string, getenv func(string) string) string {
	if mode != NotifyAuto && mode != "" {
		return mode
	}
	term, prog := getenv("TERM"), getenv("TERM_PROGRAM")
	switch {
	case getenv("TMUX") != "" || strings.HasPrefix(term, "screen") || strings.HasPrefix(term, "tmux"):
		return NotifyBell
	case getenv("KITTY_WINDOW_ID") != "" || term == "xterm-kitty":
		return NotifyOSC99
	case prog == "iTerm.app" || prog == "WezTerm" || prog == "ghostty" || getenv("WT_SESSION") != "":
		return NotifyOSC9
	case strings.HasPrefix(term, "foot") || strings.HasPrefix(term, "rxvt") || getenv("KONSOLE_VERSION") != "":
		return NotifyOSC777
	}
	return NotifyBell
}

// NotifyOSC reports whether kind is a desktop notification (one that
// needs focus reporting).
func NotifyOSC(kind string) bool {
	return kind == NotifyOSC9 || kind == NotifyOSC777 || kind == NotifyOSC99
}

// notifySeq is the escape sequence of a desktop notification of kind
// with body: one line of plain text (no control characters, so nothing
// ends the sequence early; no ';' for the fields of OSC 777).
func notifySeq(kind, body string) string {
	body = model.CleanText(body, 200)
	switch kind {
	case NotifyOSC9:
		return "\x1b]9;abfahrt: " + body + "\a"
	case NotifyOSC777:
		return "\x1b]777;notify;abfahrt;" + strings.ReplaceAll(body, ";", ",") + "\a"
	case NotifyOSC99:
		return "\x1b]99;;abfahrt: " + body + "\x1b\\"
	}
	return "\a"
}

// notifyText is a reminder's notification: what the status line says and
// how old the data is ("data 20 s old").
func notifyText(tx *ui.Texts, n string, age time.Duration, known bool) string {
	if !known {
		return n
	}
	return n + " · " + fmt.Sprintf(tx.DataAge, tx.Ago(max(age, 0)))
}

// writeCmd writes seq to w.
func writeCmd(w io.Writer, seq string) tea.Cmd {
	return func() tea.Msg {
		_, _ = io.WriteString(w, seq)
		return nil
	}
}
