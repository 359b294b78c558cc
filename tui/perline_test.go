package tui

import (
	"testing"

	"github.com/charmbracelet/x/exp/golden"
)

func TestGoldenGrouped(t *testing.T) {
	e := newEnv(t, 80, 24, true)
	e.Key("n")
	e.Key("b")
	golden.RequireEqual(t, []byte(e.m.View()))
}
