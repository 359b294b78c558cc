package queue

import (
	"path/filepath"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/exceptions"
	"abfahrt/tui/internal/ui"
	"abfahrt/tui/statefile"
)

// StateFile is the queue's state file in the state directory.
const StateFile = "exceptions.json"

// marksDoc is exceptions.json: the marks by item key.
type marksDoc struct {
	Marks exceptions.Marks `json:"marks"`
}

// MarksMsg is the state file as read.
type MarksMsg struct {
	Marks   exceptions.Marks
	Problem *statefile.Problem
}

// SavedMsg says the first Sent changes were written; Marks is what the
// file holds now, with the other instances' marks.
type SavedMsg struct {
	Marks   exceptions.Marks
	Sent    int
	Problem *statefile.Problem
	Err     error
}

// markFile is the queue's marks and the state file they are kept in:
// what this instance and the others acknowledged or hid, and this
// instance's changes not yet written.
type markFile struct {
	dir     string // the state directory, "" without one
	marks   exceptions.Marks
	pending []exceptions.MarkOp // changes made here, not yet written
}

// path is the state file's path, "" without a state directory.
func (f *markFile) path() string {
	if f.dir == "" {
		return ""
	}
	return filepath.Join(f.dir, StateFile)
}

// loadCmd reads the state file.
func (f *markFile) loadCmd() tea.Cmd {
	path := f.path()
	if path == "" {
		return nil
	}
	return func() tea.Msg { return LoadMarks(path) }
}

// LoadMarks reads the marks of the state file at path.
func LoadMarks(path string) MarksMsg {
	doc, prob := statefile.Load[marksDoc](statefile.New(path), nil)
	return MarksMsg{Marks: doc.Marks, Problem: prob}
}

// SaveMarks applies ops to the state file at path under its lock, merged
// with what is there.
func SaveMarks(path string, ops []exceptions.MarkOp, now time.Time) SavedMsg {
	doc, prob, err := statefile.Update(statefile.New(path), nil, func(d *marksDoc) {
		d.Marks = exceptions.Apply(d.Marks, ops, now)
	})
	return SavedMsg{Marks: doc.Marks, Sent: len(ops), Problem: prob, Err: err}
}

// mark applies op now, to be written.
func (f *markFile) mark(op exceptions.MarkOp, now time.Time) {
	f.pending = append(f.pending, op)
	f.marks = exceptions.Apply(f.marks, []exceptions.MarkOp{op}, now)
}

// saveCmd writes the changes not yet written.
func (f *markFile) saveCmd(now time.Time) tea.Cmd {
	path := f.path()
	if path == "" || len(f.pending) == 0 {
		return nil
	}
	ops := append([]exceptions.MarkOp(nil), f.pending...)
	return func() tea.Msg { return SaveMarks(path, ops, now) }
}

// loaded takes the file's marks: what other instances marked shows here,
// with this instance's changes not yet written on top. It returns a
// notice when the file was unusable.
func (f *markFile) loaded(tx *ui.Texts, msg MarksMsg, now time.Time) string {
	f.marks = exceptions.Apply(msg.Marks, f.pending, now)
	return problem(tx, msg.Problem, nil)
}

// saved takes the answer of a save, and returns a notice when it failed.
func (f *markFile) saved(tx *ui.Texts, msg SavedMsg, now time.Time) string {
	if msg.Err == nil {
		f.pending = f.pending[min(msg.Sent, len(f.pending)):]
		f.marks = exceptions.Apply(msg.Marks, f.pending, now)
	}
	return problem(tx, msg.Problem, msg.Err)
}

// problem is the notice of a state file that could not be read or
// written, "" when it could.
func problem(tx *ui.Texts, prob *statefile.Problem, err error) string {
	switch {
	case prob != nil:
		return sprintf(tx.QueueStateProblem, prob.Error())
	case err != nil:
		return sprintf(tx.QueueStateProblem, err.Error())
	}
	return ""
}
