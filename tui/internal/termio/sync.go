package termio

import (
	"bytes"
	"reflect"

	tea "github.com/charmbracelet/bubbletea"
)

// Synchronized output. At start the program asks the
// terminal whether it knows mode 2026 (DECRQM); the first frame does not
// wait for the answer. A terminal that answers "set" or "reset" (it knows
// the mode) gets every later frame wrapped in begin/end synchronized
// update, so it shows each frame whole; one that answers "not
// recognized", or does not answer, gets frames as before.

// SeqSyncQuery asks the terminal whether it knows mode 2026 (DECRQM).
const SeqSyncQuery = "\x1b[?2026$p"

// SyncReply reads a DECRQM reply to the query from msg: ok when msg is
// one, supported when the terminal knows the mode (Ps 1 set, 2 reset).
// Bubble Tea v1 hands such a reply to the program as an unknown CSI
// sequence (a message of a type of its own whose value is the bytes).
func SyncReply(msg tea.Msg) (supported, ok bool) {
	v := reflect.ValueOf(msg)
	if !v.IsValid() || v.Kind() != reflect.Slice || v.Type().Elem().Kind() != reflect.Uint8 {
		return false, false
	}
	b := v.Bytes()
	if !bytes.HasPrefix(b, []byte("\x1b[?2026;")) || !bytes.HasSuffix(b, []byte("$y")) {
		return false, false
	}
	ps := b[len("\x1b[?2026;") : len(b)-2]
	return bytes.Equal(ps, []byte("1")) || bytes.Equal(ps, []byte("2")), true
}
