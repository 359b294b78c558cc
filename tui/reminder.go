package tui

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/model"
	"abfahrt/tui/statefile"
)

// Reminders: t on a board's row sets a reminder for that departure. At
// its leave time (the departure's live prediction, else its schedule,
// minus the board's walking time; a delay moves it) the terminal bell
// rings (unless Options.Bell is nil: --bell=false), the row flashes and a
// notice says where to go. Reminders persist in reminders.json in the
// state dir until their departure has gone. The kiosk has none.

const (
	// remindersFile is the reminders' file in Options.StateDir.
	remindersFile = "reminders.json"
	// maxReminders is the most reminders kept (the file is cut to it).
	maxReminders = 32
	// flashFor is how long a reminder's row flashes when it rings.
	flashFor = 10 * time.Second
)

// reminder is one departure to leave for, as saved in reminders.json.
type reminder struct {
	Stop      int       `json:"stop"`
	Point     string    `json:"stoppoint,omitempty"` // the departure's stop point
	Vehicle   int       `json:"vehicle,omitempty"`
	Route     int       `json:"route"`
	Line      string    `json:"line"`
	Direction string    `json:"direction"`
	Scheduled time.Time `json:"scheduled"`
	// When is the departure's last known time: its live prediction, else
	// its schedule.
	When  time.Time `json:"when"`
	Walk  WalkTime  `json:"walk,omitempty"`
	Fired bool      `json:"fired,omitempty"`
}

// id identifies a reminder's departure across polls and restarts.
func (r *reminder) id() string {
	return remID(r.Vehicle, r.Route, r.Scheduled, r.Point)
}

func remID(vehicle, route int, sched time.Time, point string) string {
	return strconv.Itoa(vehicle) + "/" + strconv.Itoa(route) + "/" + strconv.FormatInt(sched.Unix(), 10) + "/" + point
}

// eventID is the id of the reminder of event e.
func eventID(e *model.Event) string {
	return remID(e.VehicleNumber, e.RouteNumber, e.Scheduled.Time, e.StopPointCode.String())
}

// leaveAt is when to leave for the reminder's departure.
func (r *reminder) leaveAt() time.Time { return r.When.Add(-time.Duration(r.Walk)) }

// gone reports whether the departure has left for good at now.
func (r *reminder) gone(now time.Time) bool { return now.Sub(r.When) > hideAfter }

// checkReminders cleans a file's reminders: those without a departure go,
// at most maxReminders stay.
func checkReminders(list *[]reminder) error {
	*list = slices.DeleteFunc(*list, func(r reminder) bool {
		return r.When.IsZero() || r.Scheduled.IsZero() || r.Line == "" || r.Walk < 0 || time.Duration(r.Walk) > MaxWalk
	})
	if len(*list) > maxReminders {
		*list = (*list)[:maxReminders]
	}
	for i := range *list {
		r := &(*list)[i]
		r.Line = model.CleanText(r.Line, model.TextCap("RouteName"))
		r.Direction = model.CleanText(r.Direction, model.TextCap("DirectionText"))
	}
	return nil
}

// reminderSet is the model's reminders and their file.
type reminderSet struct {
	path     string    // "" = not persisted
	bell     io.Writer // where the bell rings; nil = silent
	items    []reminder
	flash    map[string]time.Time // id → the local time its flash ends
	removed  []string             // ids removed here and not yet in the file
	dirty    bool                 // changes not yet written
	writing  bool
	readOnly bool
}

// newReminderSet returns the reminders of stateDir, ringing on bell.
func newReminderSet(stateDir string, bell io.Writer) *reminderSet {
	s := &reminderSet{bell: bell, flash: map[string]time.Time{}}
	if stateDir != "" {
		s.path = filepath.Join(stateDir, remindersFile)
	}
	return s
}

// remindersMsg carries the reminders read at start.
type remindersMsg struct {
	items   []reminder
	problem *statefile.Problem
}

// remindersSavedMsg reports a write of the reminders' file: what the file
// holds now.
type remindersSavedMsg struct {
	items   []reminder
	removed int
	problem *statefile.Problem
	err     error
}

// loadCmd reads the reminders' file, if there is one.
func (s *reminderSet) loadCmd() tea.Cmd {
	if s == nil || s.path == "" {
		return nil
	}
	path := s.path
	return func() tea.Msg {
		items, prob := statefile.Load(statefile.New(path), checkReminders)
		return remindersMsg{items: items, problem: prob}
	}
}

// saveCmd writes this instance's reminders into the file, merged with
// what other instances wrote: the file's reminders stay unless removed
// here, this instance's replace theirs, gone ones leave.
func (s *reminderSet) saveCmd(now time.Time) tea.Cmd {
	if s == nil || s.path == "" || s.readOnly || s.writing || !s.dirty {
		return nil
	}
	s.writing, s.dirty = true, false
	path, mine, removed := s.path, slices.Clone(s.items), slices.Clone(s.removed)
	return func() tea.Msg {
		out, prob, err := statefile.Update(statefile.New(path), checkReminders, func(list *[]reminder) {
			*list = slices.DeleteFunc(*list, func(r reminder) bool {
				return slices.Contains(removed, r.id()) || r.gone(now)
			})
			for _, r := range mine {
				if i := slices.IndexFunc(*list, func(f reminder) bool { return f.id() == r.id() }); i >= 0 {
					(*list)[i] = r
				} else {
					*list = append(*list, r)
				}
			}
			if len(*list) > maxReminders {
				*list = (*list)[len(*list)-maxReminders:]
			}
		})
		return remindersSavedMsg{items: out, removed: len(removed), problem: prob, err: err}
	}
}

// loaded takes the reminders read at start, after any set meanwhile.
func (s *reminderSet) loaded(sh *shared, msg remindersMsg) {
	if msg.problem != nil && msg.problem.KeptAs == "" {
		s.readOnly = true
	}
	addNotice(sh, stateNotice(sh.dt, msg.problem, remindersFile, len(msg.items), len(msg.items)))
	for _, r := range msg.items {
		if !s.has(r.id()) && !r.gone(sh.now) {
			s.items = append(s.items, r)
		}
	}
}

// saved takes the end of a write; the file's merged content becomes the
// set (reminders set meanwhile stay, and are written next).
func (s *reminderSet) saved(msg remindersSavedMsg, now time.Time) tea.Cmd {
	s.writing = false
	if errors.Is(msg.err, statefile.ErrKept) {
		s.readOnly = true
	}
	if msg.err != nil {
		s.dirty = true
		return nil
	}
	s.removed = s.removed[min(msg.removed, len(s.removed)):]
	for _, r := range msg.items {
		if !s.has(r.id()) && !slices.Contains(s.removed, r.id()) && !r.gone(now) {
			s.items = append(s.items, r)
		}
	}
	return s.saveCmd(now)
}

// has reports whether a reminder of id is set.
func (s *reminderSet) has(id string) bool {
	return slices.ContainsFunc(s.items, func(r reminder) bool { return r.id() == id })
}

// get returns the reminder of id, or nil.
func (s *reminderSet) get(id string) *reminder {
	if s == nil {
		return nil
	}
	for i := range s.items {
		if s.items[i].id() == id {
			return &s.items[i]
		}
	}
	return nil
}

// toggle sets a reminder for event e of board b, or removes it; it
// returns the notice.
func (s *reminderSet) toggle(tx *texts, stop int, walk time.Duration, e *model.Event) string {
	id := eventID(e)
	if i := slices.IndexFunc(s.items, func(r reminder) bool { return r.id() == id }); i >= 0 {
		s.items = slices.Delete(s.items, i, i+1)
		s.removed = append(s.removed, id)
		s.dirty = true
		return tx.RemindOff
	}
	if len(s.items) >= maxReminders {
		return tx.RemindFull
	}
	r := reminder{Stop: stop, Point: e.StopPointCode.String(), Vehicle: e.VehicleNumber, Route: e.RouteNumber,
		Line: e.Line(), Direction: e.DirectionText, Scheduled: e.Scheduled.Time, When: e.When(), Walk: WalkTime(walk)}
	s.items = append(s.items, r)
	s.removed = slices.DeleteFunc(s.removed, func(x string) bool { return x == id })
	s.dirty = true
	return fmt.Sprintf(tx.RemindOn, r.leaveAt().In(model.Berlin).Format("15:04"), r.Line, r.Direction)
}

// check follows the reminders' departures on the boards shown (the data
// of those that have any; a delay moves the leave time), rings those whose leave time has come and drops
// those gone; it returns the bell's command and whether anything changed.
func (s *reminderSet) check(sh *shared, boards []model.Board) (tea.Cmd, bool) {
	if s == nil || len(s.items) == 0 {
		return nil, false
	}
	changed := false
	for _, b := range boards {
		for i := range b.Events {
			e := &b.Events[i]
			if r := s.get(eventID(e)); r != nil {
				if w := e.When(); !w.IsZero() && !w.Equal(r.When) {
					r.When, changed = w, true
				}
			}
		}
	}
	var ring tea.Cmd
	now := sh.now
	for i := range s.items {
		r := &s.items[i]
		if r.Fired || now.Before(r.leaveAt()) {
			continue
		}
		r.Fired, changed = true, true
		s.flash[r.id()] = sh.local.Add(flashFor)
		addNotice(sh, fmt.Sprintf(sh.t.RemindNow, r.Line, r.Direction, r.When.In(model.Berlin).Format("15:04")))
		if s.bell != nil && ring == nil {
			ring = bellCmd(s.bell)
		}
	}
	n := len(s.items)
	s.items = slices.DeleteFunc(s.items, func(r reminder) bool { return r.gone(now) })
	if len(s.items) != n {
		changed = true
	}
	for id, until := range s.flash {
		if sh.local.After(until) {
			delete(s.flash, id)
		}
	}
	if changed {
		s.dirty = true
	}
	return ring, changed
}

// bellCmd rings the terminal bell: it writes the one byte BEL.
func bellCmd(w io.Writer) tea.Cmd {
	return func() tea.Msg {
		_, _ = w.Write([]byte{'\a'})
		return nil
	}
}

// remindMark is a row's reminder mark: "*" set, "!" rung; flash is true
// while the row flashes (on every other second).
func (b *boardPane) remindMark(e *model.Event) (mark string, flash bool) {
	r := b.sh.rem.get(eventID(e))
	if r == nil {
		return " ", false
	}
	if !r.Fired {
		return "*", false
	}
	until, ok := b.sh.rem.flash[r.id()]
	return "!", ok && !b.sh.local.After(until) && b.sh.local.Unix()%2 == 0
}

// reminderBoards are the boards whose data follows the reminders.
func (m *Model) reminderBoards() []*boardPane {
	return m.disp.grid.all()
}

// tickReminders runs the reminders' check on the clock.
func (m *Model) tickReminders() tea.Cmd {
	var seen []model.Board
	for _, b := range m.reminderBoards() {
		if b.have && m.sh.rem != nil && len(m.sh.rem.items) > 0 {
			seen = append(seen, b.data)
		}
	}
	ring, changed := m.sh.rem.check(m.sh, seen)
	if changed {
		for _, b := range m.reminderBoards() {
			b.touch()
		}
	}
	return tea.Batch(ring, m.sh.rem.saveCmd(m.sh.now))
}

// remindTexts are the reminders' texts.
type remindTexts struct {
	KeyRemind  string
	RemindOn   string // "reminder: leave at %s for line %s to %s"
	RemindOff  string
	RemindFull string
	RemindNow  string // "⏰ leave now for line %s to %s (%s)"
}

func englishRemindTexts() remindTexts {
	return remindTexts{KeyRemind: "remind me", RemindOn: "reminder: leave at %s for line %s to %s",
		RemindOff: "reminder removed", RemindFull: "too many reminders", RemindNow: "Leave now for line %s to %s (%s)"}
}

func germanRemindTexts() remindTexts {
	return remindTexts{KeyRemind: "erinnern", RemindOn: "Erinnerung: um %s losgehen zu Linie %s nach %s",
		RemindOff: "Erinnerung entfernt", RemindFull: "zu viele Erinnerungen", RemindNow: "Jetzt losgehen zu Linie %s nach %s (%s)"}
}

// toggleReminder sets or removes the reminder of the row under the
// cursor, and saves.
func (b *boardPane) toggleReminder() tea.Cmd {
	rows := b.rows()
	if b.sh.rem == nil || b.cursor >= len(rows) {
		return nil
	}
	b.sh.notice = b.sh.rem.toggle(b.sh.t, b.subj.stop, b.walk, &b.data.Events[rows[b.cursor]])
	b.touch()
	return b.sh.rem.saveCmd(b.sh.now)
}
