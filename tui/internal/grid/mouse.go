package grid

import (
	tea "github.com/charmbracelet/bubbletea"

	"abfahrt/tui/internal/app"
)

// click answers a left click (--mouse) at column x of line y of the board
// side's rectangle: it moves the cursor of the view that shows to what
// its last frame drew there (each view's hits, recorded as it drew).
// enter reports that the click goes on as enter on that row (the
// vehicle of a board's, the merged list's, the fleet's or the ladder's
// row); open is a target to open at once: a grid cell has no cursor, so
// a click on one of its rows focuses the cell and opens that row's
// vehicle, a click on its title focuses it. A click anywhere else (a
// title, the column titles, the pin strip, below the rows) does nothing.
func (d *Dispatch) click(x, y int) (enter bool, open *app.Target, cmd tea.Cmd) {
	switch d.Mode {
	case ModeMerged:
		i, ok := d.Merged.RowAt(y)
		if ok {
			d.Merged.SetCursor(d.Merged.Rows(&d.Grid), i)
		}
		return ok, nil, nil
	case ModeFleet:
		i, ok := d.Fleet.RowAt(y)
		if ok {
			cmd = d.Fleet.Pick(i)
		}
		return ok, nil, cmd
	case ModeLadder:
		k, ok := d.Ladder.CarAt(x, y)
		return ok && d.Ladder.Pick(k), nil, nil
	case ModeGrid:
	}
	y -= d.Pins.stripH // the plain board is drawn under the pin strip
	if y < 0 {
		return false, nil, nil
	}
	g := &d.Grid
	if b := g.ZoomedBoard(); b != nil {
		row, ok := b.RowAt(y)
		if ok {
			b.SetCursor(row)
		}
		return ok, nil, nil
	}
	i, line, ok := g.CellAt(x, y)
	if !ok {
		return false, nil, nil
	}
	g.Focus = i
	if e, ok := g.Boards[i].CellRowAt(line); ok && e.VehicleNumber != 0 {
		return false, &app.Target{Kind: app.TargetVehicle, Vehicle: e.VehicleNumber}, nil
	}
	return false, nil, nil
}
