package grid

import (
	"fmt"
	"slices"

	"abfahrt/model"
	"abfahrt/tui/internal/app"
	"abfahrt/tui/statefile"
)

// MaxPins is the most pins kept; a file with more uses the first ones.
const MaxPins = 200

// The state files (pins.json, boards.json) are read and written through
// package statefile: an unreadable file is kept aside and reported once,
// and every write re-reads the file under a lock and applies this
// instance's changes to what is there, so that two instances lose nothing.
//
// Merging pins: this instance's changes are operations in the order made
// (pin q, unpin q). A pin unpinned here is removed from the file even if
// the other instance has it too (a pin is one stop, whoever pinned it); a
// pin the other instance added and this one never touched is kept; a pin
// the other instance removed stays removed unless pinned here again. At
// most maxPins stay; pins beyond are not added.
//
// Merging boards: the watched set is the grid of the instance that changed
// it last, as before, when the file still holds what this instance wrote
// or loaded (no one else changed it). Otherwise the boards removed here
// since then are removed from the file and those added here appended, so
// the other instance's boards stay; at most MaxBoards.

// pinKey is a pin's identity: its stop or stop point, not its name.
type pinKey struct {
	stop  int
	point string
}

// Key identifies p in pins.json.
func (p Pin) Key() pinKey { return pinKey{p.Stop, p.StopPoint} }

// PinOp is a change of the pins made here: q pinned (add) or unpinned.
type PinOp struct {
	Q   Pin
	Add bool
}

// UniquePins returns the first max distinct pins of in, in order, and
// how many there were in all; one pass with a map.
func UniquePins(in []Pin, limit int) (out []Pin, total int) {
	seen := make(map[pinKey]struct{}, min(len(in), limit))
	out = make([]Pin, 0, min(len(in), limit))
	for _, q := range in {
		if _, dup := seen[q.Key()]; dup {
			continue
		}
		seen[q.Key()] = struct{}{}
		total++
		if len(out) < limit {
			out = append(out, q)
		}
	}
	return out, total
}

// ApplyPinOps applies ops in order to the pins of the file, in one pass
// over each (see the merge rules above).
func ApplyPinOps(cur []Pin, ops []PinOp) []Pin {
	cur, _ = UniquePins(cur, MaxPins)
	idx := make(map[pinKey]int, len(cur)+len(ops))
	for i, q := range cur {
		idx[q.Key()] = i
	}
	removed := make(map[pinKey]bool)
	for _, op := range ops {
		k := op.Q.Key()
		i, have := idx[k]
		switch {
		case op.Add && have && removed[k]:
			cur[i], removed[k] = op.Q, false
		case op.Add && !have:
			idx[k] = len(cur)
			cur = append(cur, op.Q)
		case !op.Add && have:
			removed[k] = true
		}
	}
	out := make([]Pin, 0, min(len(cur), MaxPins))
	for _, q := range cur {
		if !removed[q.Key()] && len(out) < MaxPins {
			out = append(out, q)
		}
	}
	return out
}

// LoadPins reads the pins' file: the first maxPins distinct pins, how
// many it has in all, and what went wrong with it.
func LoadPins(path string) PinsMsg {
	doc, prob := statefile.Load[PinsDoc](statefile.New(path), nil)
	for i := range doc.Pins {
		// The file may be old or edited: its text is cleaned like the service's.
		q := &doc.Pins[i]
		q.Name = model.CleanText(q.Name, model.TextCap("StopPointName"))
		q.StopPoint = model.CleanText(q.StopPoint, model.TextCap("StopPointCode"))
	}
	pins, total := UniquePins(doc.Pins, MaxPins)
	return PinsMsg{Pins: pins, Total: total, Problem: prob}
}

// savePins applies ops to the pins' file.
func savePins(path string, ops []PinOp) PinsSavedMsg {
	_, prob, err := statefile.Update(statefile.New(path), nil, func(d *PinsDoc) {
		d.Pins = ApplyPinOps(d.Pins, ops)
	})
	return PinsSavedMsg{Sent: len(ops), Problem: prob, Err: err}
}

// checkBoards rejects a boards' file with a board that is not one, and
// cleans the text of the others.
func checkBoards(saved *[]app.BoardSpec) error {
	for i, b := range *saved {
		s, err := b.Cleaned()
		if err != nil {
			return fmt.Errorf("board %d: %w", i+1, err)
		}
		(*saved)[i] = s
	}
	return nil
}

// boardKey is a watched board's identity: the board with its filters.
func boardKey(s app.BoardSpec) string {
	return fmt.Sprintf("%d\x00%s\x00%t\x00%q\x00%s\x00%s", s.Stop, s.StopPoint, s.Arrivals, s.Lines, s.Platform, s.Direction)
}

// uniqueSpecs returns the first limit distinct boards of in and how many
// distinct ones there were; one pass with a map.
func uniqueSpecs(in []app.BoardSpec, limit int) (out []app.BoardSpec, total int) {
	seen := make(map[string]struct{}, min(len(in), limit))
	for _, s := range in {
		k := boardKey(s)
		if _, dup := seen[k]; dup {
			continue
		}
		seen[k] = struct{}{}
		total++
		if len(out) < limit {
			out = append(out, s)
		}
	}
	return out, total
}

// LoadBoards reads the watched boards' file: the first MaxBoards distinct
// boards, how many it has in all, and what went wrong with it.
func LoadBoards(path string) BoardsMsg {
	saved, prob := statefile.Load(statefile.New(path), checkBoards)
	specs, total := uniqueSpecs(saved, app.MaxBoards)
	return BoardsMsg{Specs: specs, Total: total, Problem: prob}
}

// mergeBoards is the file's new watched set: specs if the file holds
// base, else the file with the boards removed from base to specs removed
// and those added appended. When base is unknown (an instance started
// with --stop never read the file) every board of specs counts as added
// and none as removed, as pins do: two instances that each watch a board
// both keep theirs, where the second used to replace the first's.
func mergeBoards(file, base, specs []app.BoardSpec, known bool) []app.BoardSpec {
	if !known {
		base = nil
	}
	if known && slices.EqualFunc(file, base, SameSpec) {
		out, _ := uniqueSpecs(specs, app.MaxBoards)
		return out
	}
	inBase := make(map[string]bool, len(base))
	for _, s := range base {
		inBase[boardKey(s)] = true
	}
	inSpecs := make(map[string]bool, len(specs))
	for _, s := range specs {
		inSpecs[boardKey(s)] = true
	}
	var out []app.BoardSpec
	for _, s := range file {
		k := boardKey(s)
		if inBase[k] && !inSpecs[k] {
			continue // removed here
		}
		out = append(out, s)
	}
	for _, s := range specs {
		if !inBase[boardKey(s)] {
			out = append(out, s) // added here
		}
	}
	out, _ = uniqueSpecs(out, app.MaxBoards)
	return out
}

// SaveBoards writes the watched set specs to the boards' file, merged
// with what the file holds (see mergeBoards).
func SaveBoards(path string, base, specs []app.BoardSpec, known bool) BoardsSavedMsg {
	_, prob, err := statefile.Update(statefile.New(path), checkBoards, func(saved *[]app.BoardSpec) {
		*saved = append([]app.BoardSpec{}, mergeBoards(*saved, base, specs, known)...) // [] when empty, not null
	})
	return BoardsSavedMsg{specs: specs, Problem: prob, Err: err}
}
