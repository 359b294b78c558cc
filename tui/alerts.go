package tui

// alertNews shows the alert feed's answer; every view is redrawn when it
// says something new.
func (m *Model) alertNews() {
	if !m.alertF.Have || !m.sh.SetAlert(m.alertF.Data.Alert) {
		return
	}
	for _, b := range m.disp.Grid.All() {
		b.Touch()
	}
	m.disp.Fleet.Rev++
}
