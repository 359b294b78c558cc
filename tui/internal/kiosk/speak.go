package kiosk

import (
	"context"
	"errors"
	"os/exec"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/speech"
	"abfahrt/tui/internal/app"
)

// SpeakTimeout ends a speak command that runs longer: a hung synthesiser
// must not keep the kiosk silent for good.
const SpeakTimeout = time.Minute

// SpeakNoteFor is how long the kiosk shows that speaking failed.
const SpeakNoteFor = time.Minute

// speaker is the state of the kiosk's spoken departures: the command
// runs in the background (a tea.Cmd), at most one at a time.
type speaker struct {
	lang     string
	speaking bool
	next     time.Time // when SpeakEvery next speaks (local clock)
	failed   bool      // a failure was said; said again only after a success
}

// SpokeMsg is the end of a speak command: Err is why it failed.
type SpokeMsg struct{ Err error }

// speakKey reports whether key speaks.
func (k *Kiosk) speakKey(key string) bool {
	if len(k.Options.Speak) == 0 {
		return false
	}
	want := k.Options.SpeakKey
	if want == "" {
		want = app.DefaultSpeakKey
	}
	return key == want
}

// speakDue reports whether SpeakEvery says it is time to speak at frame
// f's local time.
func (k *Kiosk) speakDue(f app.Frame) bool {
	if len(k.Options.Speak) == 0 || k.Options.SpeakEvery <= 0 || k.Asleep {
		return false
	}
	if k.speech.next.IsZero() {
		k.speech.next = f.Local.Add(k.Options.SpeakEvery)
		return false
	}
	if f.Local.Before(k.speech.next) {
		return false
	}
	k.speech.next = f.Local.Add(k.Options.SpeakEvery)
	return true
}

// Sentence is what the kiosk speaks now: the next departures of the board
// on screen, factored (package speech), with the data's age when it is
// stale, or that the service does not answer; in frame f.
func (k *Kiosk) Sentence(f app.Frame) string {
	l := speech.Lang(k.speech.lang)
	if len(k.Boards) == 0 {
		return ""
	}
	b := &k.Boards[k.shown(f.Local)]
	if !b.Have {
		return speech.Unavailable(l, b.Name(f.Texts))
	}
	var age time.Duration
	since, stale := f.Stale(b.Polls())
	if stale {
		age = f.Now.Sub(since)
	}
	ds := speech.FromEvents(b.Data.Events, f.Now, b.Data.StopName)
	return speech.Speak(l, b.Name(f.Texts), ds, 0, true, stale, age)
}

// speak runs the speak command with the sentence of now, in the
// background; nothing while one still speaks. f is the frame of now.
func (k *Kiosk) speak(f app.Frame) tea.Cmd {
	if k.speech.speaking || len(k.Options.Speak) == 0 {
		return nil
	}
	text := k.Sentence(f)
	if text == "" {
		return nil
	}
	k.speech.speaking = true
	argv := append([]string(nil), k.Options.Speak...)
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), SpeakTimeout)
		defer cancel()
		cmd := exec.CommandContext(ctx, argv[0], argv[1:]...) //nolint:gosec // the operator's configured command
		cmd.Stdin = strings.NewReader(text + "\n")
		cmd.WaitDelay = time.Second
		out, err := cmd.CombinedOutput()
		if err != nil {
			if msg := strings.TrimSpace(string(out)); msg != "" {
				err = errors.New(err.Error() + ": " + firstLine(msg))
			}
			if ctx.Err() != nil {
				err = errors.New("timed out after " + SpeakTimeout.String())
			}
		}
		return SpokeMsg{Err: err}
	}
}

// spoke takes the end of a speak command: a failure is shown on the
// screen's last line for SpeakNoteFor and told to SpeakFailed, once
// until speaking works again. f is the frame of the update.
func (k *Kiosk) spoke(f app.Frame, msg SpokeMsg) {
	k.speech.speaking = false
	if msg.Err == nil {
		k.speech.failed = false
		return
	}
	if k.speech.failed {
		return
	}
	k.speech.failed = true
	l := speech.Lang(k.speech.lang)
	why := msg.Err.Error()
	if !strings.Contains(why, k.Options.Speak[0]) {
		why = k.Options.Speak[0] + ": " + why // exec names a command it cannot start, not one that failed
	}
	k.switchNote = l.Pick("Speaking failed: ", "Ansage fehlgeschlagen: ") + why
	k.switchUntil = f.Local.Add(SpeakNoteFor)
	k.arev++
	if f := k.Options.SpeakFailed; f != nil {
		f(msg.Err)
	}
}

// firstLine is s up to its first line break.
func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}
