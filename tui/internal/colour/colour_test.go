package colour

import (
	"testing"

	"github.com/charmbracelet/lipgloss"
)

// The simulation itself: a colour is no distance from itself; red and
// green, far apart for trichromats, come close for a deuteranope and stay
// apart for a tritanope.
func TestDeficiencySimulation(t *testing.T) {
	red, green := lipgloss.Color("#D03030"), lipgloss.Color("#30A030")
	if e, _ := DeltaE(Deuteranopia, red, red); e != 0 {
		t.Errorf("a colour is %.1f from itself", e)
	}
	deut, _ := DeltaE(Deuteranopia, red, green)
	trit, _ := DeltaE(Tritanopia, red, green)
	if deut >= trit/2 {
		t.Errorf("red and green: deuteranopia ΔE %.1f, tritanopia %.1f; want the first much smaller", deut, trit)
	}
}
