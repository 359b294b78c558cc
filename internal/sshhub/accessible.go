package sshhub

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/ssh"

	"abfahrt/tui"
)

// sessionAccessible reports whether an SSH client asked for the
// screen-reader mode: its environment has ABFAHRT_ACCESSIBLE=1 (or true,
// yes, on), as `ssh -o SetEnv=ABFAHRT_ACCESSIBLE=1` sends it.
func sessionAccessible(env []string) bool {
	switch strings.ToLower(strings.TrimSpace(sessionEnv(env).Getenv("ABFAHRT_ACCESSIBLE"))) {
	case "1", "true", "yes", "on":
		return true
	}
	return false
}

// runAccessible says the board of the session's first stop in the
// screen-reader mode until the session ends, `quit` is typed, its client
// stops taking the output for --ssh-idle, or the hub stops. With a
// terminal (ssh -t) the client's terminal is in raw mode and the mode
// echoes and edits what is typed; without one (ssh -T) the client's own
// terminal does. The client's ABFAHRT_LANG=de or en picks the language.
func (h *Hub) runAccessible(s ssh.Session, c *sshConn, pty bool, stops []tui.BoardSpec) {
	began := time.Now()
	ctx, cancel := context.WithCancel(h.ctx)
	defer cancel()
	chanDone := make(<-chan struct{})
	if gd := c.guard.Load(); gd != nil {
		chanDone = gd.done
	}
	out := &stallWriter{w: s}
	go func() {
		var tick <-chan time.Time
		if h.o.Idle > 0 {
			t := time.NewTicker(min(max(h.o.Idle/10, 100*time.Millisecond), 5*time.Second))
			defer t.Stop()
			tick = t.C
		}
		for {
			select {
			case <-s.Context().Done():
				cancel()
				return
			case <-chanDone:
				cancel()
				return
			case <-ctx.Done():
				return
			case <-tick:
				if out.stalledFor() > h.o.Idle { // the client takes no output
					h.closed.WithLabelValues("idle").Inc()
					cancel()
					_ = c.Close()
					return
				}
			}
		}
	}()
	o := tui.AccessibleOptions{Source: h.src, SourceName: "abfahrt hub", Lang: "en", Interval: tui.DefaultInterval,
		In: s, Out: out, Raw: pty}
	o.Lang, o.Interval = h.o.lang(), h.o.interval()
	if l := sessionEnv(s.Environ()).Getenv("ABFAHRT_LANG"); l == "en" || l == "de" {
		o.Lang = l
	}
	if len(stops) > 0 {
		o.Stop = stops[0].Stop
	}
	user, remote := s.User(), s.RemoteAddr().String()
	h.connLog.Info("ssh: session started", "user", user, "remote", remote, "stops", s.Command(), "accessible", true, "pty", pty)
	err := tui.RunAccessible(ctx, o)
	reason := "quit"
	switch {
	case h.ctx.Err() != nil:
		reason = "hub stopping"
		eol := "\n"
		if pty {
			eol = "\r\n"
		}
		_, _ = fmt.Fprint(s, "abfahrt: the hub is shutting down; goodbye"+eol)
	case err != nil || s.Context().Err() != nil:
		reason = "client left"
	}
	_ = s.Exit(0)
	h.connLog.Info("ssh: session ended", "user", user, "remote", remote, "reason", reason,
		"duration", time.Since(began).Round(time.Millisecond))
}
