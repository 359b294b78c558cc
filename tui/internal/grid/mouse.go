package grid

import (
	"abfahrt/tui/internal/app"
)

// clickBoards answers a left click (--mouse) at column x of line y of
// the board side's rectangle on the grid: it moves the cursor to what its
// last frame drew there. A click on a zoomed board's row goes on as
// enter on that row (its vehicle); a grid cell has no cursor, so a click
// on one of its rows focuses the cell and opens that row's vehicle at
// once (open), a click on its title focuses it. A click anywhere else (a
// title, the column titles, the pin strip, below the rows) does nothing.
// f is the frame the zoomed board's rows show in.
func (d *Dispatch) clickBoards(f app.Frame, x, y int) (enter bool, open *app.Target) {
	y -= d.Pins.stripH // the plain board is drawn under the pin strip
	if y < 0 {
		return false, nil
	}
	g := &d.Grid
	if b := g.ZoomedBoard(); b != nil {
		row, ok := b.Cache.RowAt(y)
		if ok {
			b.SetCursor(f, row)
		}
		return ok, nil
	}
	i, line, ok := g.CellAt(x, y)
	if !ok {
		return false, nil
	}
	g.Focus = i
	if e, ok := g.Boards[i].Cell.RowAt(line); ok && e.VehicleNumber != 0 {
		return false, &app.Target{Kind: app.TargetVehicle, Vehicle: e.VehicleNumber}
	}
	return false, nil
}
