package queue

import (
	"path/filepath"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/exceptions"
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

// Path is the state file's path, "" without a state directory.
func (p *Pane) Path() string {
	if p.dir == "" {
		return ""
	}
	return filepath.Join(p.dir, StateFile)
}

// LoadCmd reads the state file.
func (p *Pane) LoadCmd() tea.Cmd {
	path := p.Path()
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

// saveCmd writes the changes not yet written.
func (p *Pane) saveCmd() tea.Cmd {
	path := p.Path()
	if path == "" || len(p.pending) == 0 {
		return nil
	}
	ops, now := append([]exceptions.MarkOp(nil), p.pending...), p.sh.Now
	return func() tea.Msg { return SaveMarks(path, ops, now) }
}

// Loaded takes the file's marks: what other instances marked shows here,
// with this instance's changes not yet written on top. It returns a
// notice when the file was unusable.
func (p *Pane) Loaded(msg MarksMsg) string {
	p.marks = exceptions.Apply(msg.Marks, p.pending, p.sh.Now)
	p.refresh()
	return p.problem(msg.Problem, nil)
}

// Saved takes the answer of a save.
func (p *Pane) Saved(msg SavedMsg) string {
	if msg.Err == nil {
		p.pending = p.pending[min(msg.Sent, len(p.pending)):]
		p.marks = exceptions.Apply(msg.Marks, p.pending, p.sh.Now)
		p.refresh()
	}
	return p.problem(msg.Problem, msg.Err)
}

func (p *Pane) problem(prob *statefile.Problem, err error) string {
	switch {
	case prob != nil:
		return sprintf(p.sh.T.QueueStateProblem, prob.Error())
	case err != nil:
		return sprintf(p.sh.T.QueueStateProblem, err.Error())
	}
	return ""
}
