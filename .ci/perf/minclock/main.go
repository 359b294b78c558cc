// Command minclock is the reference of .ci/perf/perf-compare.sh: a minimal
// Bubble Tea v1 program that shows the time, once a second, at the frame
// rate abfahrt uses (10 FPS) in the alternate screen. It is what a
// terminal program that only keeps a clock up to date costs.
package main

import (
	"fmt"
	"os"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// clockMsg is the second boundary that moves the clock.
type clockMsg time.Time

type model struct{ now time.Time }

func tick() tea.Cmd {
	return tea.Every(time.Second, func(t time.Time) tea.Msg { return clockMsg(t) })
}

func (m model) Init() tea.Cmd { return tick() }

func (m model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case clockMsg:
		m.now = time.Time(msg)
		return m, tick()
	case tea.KeyMsg:
		if msg.String() == "q" || msg.String() == "ctrl+c" {
			return m, tea.Quit
		}
	}
	return m, nil
}

func (m model) View() string {
	return "clock " + m.now.Format("15:04:05") + "\n"
}

func main() {
	m := model{now: time.Now()}
	if _, err := tea.NewProgram(m, tea.WithAltScreen(), tea.WithFPS(10)).Run(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
