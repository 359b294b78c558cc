package remind

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/model"
	"abfahrt/tui/internal/ui"
	"abfahrt/tui/statefile"
)

// Reminders: t on a board's row sets a reminder for that departure. Its
// warning comes Options.RemindBefore (default a minute) ahead of its leave
// time (the departure's live prediction, else its schedule, minus the
// board's walking time; a delay moves it; without a walking time the leave
// time is the departure): the terminal bell rings (unless Options.Bell is
// nil: --bell=false), the row flashes and a notice says where to go. A
// prediction that moves the leave time into the past says so and names
// the next departure of the line and direction. Reminders persist in
// reminders.json in the state dir until their departure has gone. The
// kiosk has none.

const (
	// File is the reminders' file in Options.StateDir.
	File = "reminders.json"
	// maxReminders is the most reminders kept (the file is cut to it).
	maxReminders = 32
	// flashFor is how long a reminder's row flashes when it rings.
	flashFor = 10 * time.Second
	// DefaultBefore is how long before the leave time a reminder
	// warns when Options.RemindBefore is zero.
	DefaultBefore = time.Minute
	// AtLeave as Options.RemindBefore warns at the leave time itself.
	AtLeave = -1
	// MaxBefore is the longest warning ahead.
	MaxBefore = 30 * time.Minute
	// mayMissAfter is how far a leave time may lie behind a warning that
	// comes late (a clock tick's delay) before it says "you may miss".
	mayMissAfter = 10 * time.Second
)

// Reminder is one departure to leave for, as saved in reminders.json.
type Reminder struct {
	Stop      int       `json:"stop"`
	Point     string    `json:"stoppoint,omitempty"` // the departure's stop point
	Vehicle   int       `json:"vehicle,omitempty"`
	Route     int       `json:"route"`
	Line      string    `json:"line"`
	Direction string    `json:"direction"`
	Scheduled time.Time `json:"scheduled"`
	// When is the departure's last known time: its live prediction, else
	// its schedule.
	When  time.Time   `json:"when"`
	Walk  ui.WalkTime `json:"walk,omitempty"`
	Fired bool        `json:"fired,omitempty"`
	// RangLeave is the leave time when it rang: a prediction moving the
	// leave time into the past before then says so (Missed) once.
	RangLeave time.Time `json:"rang_leave,omitzero"`
	Missed    bool      `json:"missed,omitempty"`
}

// ID identifies a reminder's departure across polls and restarts.
func (r *Reminder) ID() string {
	return remID(r.Vehicle, r.Route, r.Scheduled, r.Point)
}

func remID(vehicle, route int, sched time.Time, point string) string {
	return strconv.Itoa(vehicle) + "/" + strconv.Itoa(route) + "/" + strconv.FormatInt(sched.Unix(), 10) + "/" + point
}

// EventID is the id of the reminder of event e.
func EventID(e *model.Event) string {
	return remID(e.VehicleNumber, e.RouteNumber, e.Scheduled.Time, e.StopPointCode.String())
}

// LeaveAt is when to leave for the reminder's departure.
func (r *Reminder) LeaveAt() time.Time { return r.When.Add(-time.Duration(r.Walk)) }

// gone reports whether the departure has left for good at now.
func (r *Reminder) gone(now time.Time) bool { return now.Sub(r.When) > ui.HideAfter }

// checkReminders cleans a file's reminders: those without a departure go,
// at most maxReminders stay.
func checkReminders(list *[]Reminder) error {
	*list = slices.DeleteFunc(*list, func(r Reminder) bool {
		return r.When.IsZero() || r.Scheduled.IsZero() || r.Line == "" || r.Walk < 0 || time.Duration(r.Walk) > ui.MaxWalk
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

// Set is the model's reminders and their file.
type Set struct {
	path     string            // "" = not persisted
	bell     io.Writer         // where the bell rings; nil = silent
	notify   string            // how it rings (notify.go): the bell, or the desktop while unfocused
	before   time.Duration     // how long before the leave time it warns
	said     map[string]string // id → the status bar's last notice of it, replaced by the next
	Items    []Reminder
	Flash    map[string]time.Time // id → the local time its flash ends
	removed  []string             // ids removed here and not yet in the file
	dirty    bool                 // changes not yet written
	writing  bool
	readOnly bool
}

// New returns the reminders of stateDir, ringing on bell
// before (Options.RemindBefore: 0 the default, RemindAtLeave none) ahead
// of the leave time.
func New(stateDir string, bell io.Writer, before time.Duration, notify string) *Set {
	switch {
	case before == 0:
		before = DefaultBefore
	case before < 0:
		before = 0
	}
	s := &Set{bell: bell, notify: notify, before: before, Flash: map[string]time.Time{}, said: map[string]string{}}
	if stateDir != "" {
		s.path = filepath.Join(stateDir, File)
	}
	return s
}

// LoadedMsg carries the reminders read at start.
type LoadedMsg struct {
	items   []Reminder
	problem *statefile.Problem
}

// SavedMsg reports a write of the reminders' file: what the file
// holds now.
type SavedMsg struct {
	items   []Reminder
	removed int
	problem *statefile.Problem
	err     error
}

// LoadCmd reads the reminders' file, if there is one.
func (s *Set) LoadCmd() tea.Cmd {
	if s == nil || s.path == "" {
		return nil
	}
	path := s.path
	return func() tea.Msg {
		items, prob := statefile.Load(statefile.New(path), checkReminders)
		return LoadedMsg{items: items, problem: prob}
	}
}

// SaveCmd writes this instance's reminders into the file, merged with
// what other instances wrote: the file's reminders stay unless removed
// here, this instance's replace theirs, gone ones leave.
func (s *Set) SaveCmd(now time.Time) tea.Cmd {
	if s == nil || s.path == "" || s.readOnly || s.writing || !s.dirty {
		return nil
	}
	s.writing, s.dirty = true, false
	path, mine, removed := s.path, slices.Clone(s.Items), slices.Clone(s.removed)
	return func() tea.Msg {
		out, prob, err := statefile.Update(statefile.New(path), checkReminders, func(list *[]Reminder) {
			*list = slices.DeleteFunc(*list, func(r Reminder) bool {
				return slices.Contains(removed, r.ID()) || r.gone(now)
			})
			for _, r := range mine {
				if i := slices.IndexFunc(*list, func(f Reminder) bool { return f.ID() == r.ID() }); i >= 0 {
					(*list)[i] = r
				} else {
					*list = append(*list, r)
				}
			}
			if len(*list) > maxReminders {
				*list = (*list)[len(*list)-maxReminders:]
			}
		})
		return SavedMsg{items: out, removed: len(removed), problem: prob, err: err}
	}
}

// Loaded takes the reminders read at start, after any set meanwhile; it
// returns the file's problem, if any, and the number of reminders it
// held, for the status bar's notice (app.StateNotice).
func (s *Set) Loaded(msg LoadedMsg, now time.Time) (*statefile.Problem, int) {
	if msg.problem != nil && msg.problem.KeptAs == "" {
		s.readOnly = true
	}
	for _, r := range msg.items {
		if !s.Has(r.ID()) && !r.gone(now) {
			s.Items = append(s.Items, r)
		}
	}
	return msg.problem, len(msg.items)
}

// Saved takes the end of a write; the file's merged content becomes the
// set (reminders set meanwhile stay, and are written next).
func (s *Set) Saved(msg SavedMsg, now time.Time) tea.Cmd {
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
		if !s.Has(r.ID()) && !slices.Contains(s.removed, r.ID()) && !r.gone(now) {
			s.Items = append(s.Items, r)
		}
	}
	return s.SaveCmd(now)
}

// Has reports whether a reminder of id is set.
func (s *Set) Has(id string) bool {
	if s == nil {
		return false
	}
	return slices.ContainsFunc(s.Items, func(r Reminder) bool { return r.ID() == id })
}

// Get returns the reminder of id, or nil.
func (s *Set) Get(id string) *Reminder {
	if s == nil {
		return nil
	}
	for i := range s.Items {
		if s.Items[i].ID() == id {
			return &s.Items[i]
		}
	}
	return nil
}

// Toggle sets a reminder for event e of board b, or removes it; it
// returns the notice.
func (s *Set) Toggle(tx *ui.Texts, stop int, walk time.Duration, e *model.Event) string {
	id := EventID(e)
	if i := slices.IndexFunc(s.Items, func(r Reminder) bool { return r.ID() == id }); i >= 0 {
		s.Items = slices.Delete(s.Items, i, i+1)
		s.removed = append(s.removed, id)
		s.dirty = true
		return tx.RemindOff
	}
	if len(s.Items) >= maxReminders {
		return tx.RemindFull
	}
	r := Reminder{Stop: stop, Point: e.StopPointCode.String(), Vehicle: e.VehicleNumber, Route: e.RouteNumber,
		Line: e.Line(), Direction: e.DirectionText, Scheduled: e.Scheduled.Time, When: e.When(), Walk: ui.WalkTime(walk)}
	s.Items = append(s.Items, r)
	s.removed = slices.DeleteFunc(s.removed, func(x string) bool { return x == id })
	s.dirty = true
	var n string
	switch {
	case walk > 0:
		n = fmt.Sprintf(tx.RemindOn, hhmm(r.LeaveAt()), r.Line, r.Direction)
		if s.before > 0 {
			n += fmt.Sprintf(tx.RemindAhead, tx.WalkMinutes(s.before))
		}
	case s.before > 0:
		n = fmt.Sprintf(tx.RemindOnNoWalk, tx.WalkMinutes(s.before), r.Line, r.Direction, hhmm(r.When))
	default:
		n = fmt.Sprintf(tx.RemindOnDepart, r.Line, r.Direction, hhmm(r.When))
	}
	s.said[id] = n
	return n
}

// hhmm is a service time as the status bar names it: "12:42".
func hhmm(t time.Time) string { return t.In(model.Berlin).Format("15:04") }

// warnAt is when the reminder r warns.
func (s *Set) warnAt(r *Reminder) time.Time { return r.LeaveAt().Add(-s.before) }

// Ahead reports whether a reminder set now on event e of a board with
// walking time walk would still warn ahead of its leave time: a grid
// cell's t takes the first such row.
func (s *Set) Ahead(e *model.Event, walk time.Duration, now time.Time) bool {
	w := e.When()
	return s != nil && !w.IsZero() && w.Add(-walk-s.before).After(now)
}

// ringText is what the status bar says as reminder r rings at now.
func ringText(tx *ui.Texts, r *Reminder, now time.Time) string {
	// Within the hurry band (under a minute) it is "now"; a warning a
	// few seconds late (the clock's tick) still counts its whole minutes.
	mins := 0
	if left := r.LeaveAt().Sub(now); left >= time.Minute-5*time.Second {
		mins = int((left + 5*time.Second) / time.Minute)
	}
	switch {
	case r.Walk > 0 && mins > 0:
		return fmt.Sprintf(tx.RemindSoon, mins, r.Line, r.Direction, hhmm(r.When))
	case r.Walk > 0:
		return fmt.Sprintf(tx.RemindNow, r.Line, r.Direction, hhmm(r.When))
	case mins > 0:
		return fmt.Sprintf(tx.RemindDeparts, r.Line, r.Direction, mins, hhmm(r.When))
	}
	return fmt.Sprintf(tx.RemindDepartsNow, r.Line, r.Direction, hhmm(r.When))
}

// mayMissText says that reminder r's leave time has passed, naming the
// next departure of its line and direction on boards that can still be
// reached with its walking time.
func mayMissText(tx *ui.Texts, r *Reminder, boards []model.Board, now time.Time) string {
	n := fmt.Sprintf(tx.RemindMayMiss, r.Line, r.Direction, hhmm(r.When))
	var next time.Time
	for _, b := range boards {
		for i := range b.Events {
			e := &b.Events[i]
			w := e.When()
			if e.Line() != r.Line || e.DirectionText != r.Direction || !w.After(r.When) || !w.Add(-time.Duration(r.Walk)).After(now) {
				continue
			}
			if next.IsZero() || w.Before(next) {
				next = w
			}
		}
	}
	if !next.IsZero() {
		n += fmt.Sprintf(tx.RemindNext, hhmm(next))
	}
	return n
}

// Env is what a check of the reminders reads and writes of the board:
// the service's and the local clock, the texts, whether the terminal has
// the focus, and the status bar's notice, which it says a reminder on.
type Env struct {
	Now, Local time.Time
	T          *ui.Texts
	Blurred    bool
	Notice     *string
}

// say puts reminder id's notice n on the status bar, in place of what it
// said of that reminder before (the notice that set it), so that the
// line does not repeat itself.
func (s *Set) say(env Env, id, n string) {
	if old := s.said[id]; old != "" && strings.Contains(*env.Notice, old) {
		*env.Notice = strings.Replace(*env.Notice, old, n, 1)
	} else {
		*env.Notice = ui.JoinNotice(*env.Notice, n)
	}
	s.said[id] = n
}

// Check follows the reminders' departures on the boards shown (the data
// of those that have any; a delay moves the leave time), rings those whose leave time has come and drops
// those gone; it returns the bell's command and whether anything changed.
func (s *Set) Check(sh Env, boards []model.Board) (tea.Cmd, bool) {
	if s == nil || len(s.Items) == 0 {
		return nil, false
	}
	changed := false
	for _, b := range boards {
		for i := range b.Events {
			e := &b.Events[i]
			if r := s.Get(EventID(e)); r != nil {
				if w := e.When(); !w.IsZero() && !w.Equal(r.When) {
					r.When, changed = w, true
				}
			}
		}
	}
	var ring tea.Cmd
	now := sh.Now
	for i := range s.Items {
		r := &s.Items[i]
		leave := r.LeaveAt()
		past := now.Sub(leave) > mayMissAfter
		var n string
		switch {
		case r.gone(now):
			continue
		case !r.Fired && !now.Before(s.warnAt(r)):
			r.Fired, r.RangLeave = true, leave
			if n = ringText(sh.T, r, now); past {
				r.Missed, n = true, mayMissText(sh.T, r, boards, now)
			}
		case r.Fired && !r.Missed && past && now.Before(r.RangLeave):
			// The prediction moved the leave time into the past before the
			// warned one came.
			r.Missed, n = true, mayMissText(sh.T, r, boards, now)
		default:
			continue
		}
		changed = true
		s.Flash[r.ID()] = sh.Local.Add(flashFor)
		s.say(sh, r.ID(), n)
		if s.bell != nil && ring == nil && s.notify != NotifyOff {
			ring = bellCmd(s.bell)
			if NotifyOSC(s.notify) && sh.Blurred {
				// Not looking at the terminal: the desktop says it, with
				// the age of the data it comes from.
				age, known := dataAge(boards, r, sh.Now)
				ring = writeCmd(s.bell, notifySeq(s.notify, notifyText(sh.T, n, age, known)))
			}
		}
	}
	n := len(s.Items)
	s.Items = slices.DeleteFunc(s.Items, func(r Reminder) bool {
		if r.gone(now) {
			delete(s.said, r.ID())
			return true
		}
		return false
	})
	if len(s.Items) != n {
		changed = true
	}
	for id, until := range s.Flash {
		if sh.Local.After(until) {
			delete(s.Flash, id)
		}
	}
	if changed {
		s.dirty = true
	}
	return ring, changed
}

// dataAge is how old the answer is that holds r's departure (its
// CurrentTimestamp) at now.
func dataAge(boards []model.Board, r *Reminder, now time.Time) (time.Duration, bool) {
	for _, b := range boards {
		for i := range b.Events {
			if EventID(&b.Events[i]) == r.ID() && b.Timestamp.Known() {
				return now.Sub(b.Timestamp.Time), true
			}
		}
	}
	return 0, false
}

// bellCmd rings the terminal bell: it writes the one byte BEL.
func bellCmd(w io.Writer) tea.Cmd {
	return func() tea.Msg {
		_, _ = w.Write([]byte{'\a'})
		return nil
	}
}

// Flashing reports whether a reminder's row flashes at local time t.
func (s *Set) Flashing(t time.Time) bool {
	if s == nil {
		return false
	}
	for _, until := range s.Flash {
		if !t.After(until) {
			return true
		}
	}
	return false
}

// Changes hands the warning of each reminder not rung yet to turn, and
// of each rung one the moment a leave time moved before the warned one
// would count as passed.
func (s *Set) Changes(turn func(time.Time)) {
	if s == nil {
		return
	}
	for i := range s.Items {
		switch r := &s.Items[i]; {
		case !r.Fired:
			turn(s.warnAt(r))
		case !r.Missed && r.LeaveAt().Before(r.RangLeave):
			turn(r.LeaveAt().Add(mayMissAfter + time.Second))
		}
	}
}
