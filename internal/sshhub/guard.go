package sshhub

import (
	"strings"
	"sync/atomic"

	"github.com/charmbracelet/ssh"
	gossh "golang.org/x/crypto/ssh"
)

// What a client may ask of a session channel. Every number here comes
// from the network, so each is bounded before the library or the board
// sees it.
const (
	// maxCols and maxRows are the largest terminal a board is drawn
	// for: bigger than any real screen, small enough that a frame stays
	// a few hundred KB (a pty of 65535×65535 asked for 8 GiB).
	maxCols, maxRows = 500, 300
	// defaultCols and defaultRows stand for a size the client does not
	// know (0, which RFC 4254 allows).
	defaultCols, defaultRows = 80, 24
	// maxPixels bounds the pixel size, which nothing reads.
	maxPixels = 8192
	// maxEnvVars, maxEnvName and maxEnvValue bound the environment a
	// session keeps: the library keeps every env request otherwise.
	maxEnvVars, maxEnvName, maxEnvValue = 16, 64, 256
	// guardQueue is the room between the guard and the library's request
	// loop; what the guard forwards in a channel's life (one pty, one
	// command, maxEnvVars variables) fits, so forwarding never blocks.
	guardQueue = 32
)

// sessionEnvNames are the variables a session keeps: those the board's
// terminal detection reads (termenv: TERM, COLORTERM, NO_COLOR, CLICOLOR,
// ...), the locale (LANG, LC_*; what OpenSSH's AcceptEnv lets through by
// default), ABFAHRT_ACCESSIBLE, ABFAHRT_LANG and ABFAHRT_REDUCE_MOTION.
// Anything else is refused and not stored.
var sessionEnvNames = map[string]bool{"TERM": true, "COLORTERM": true, "TERM_PROGRAM": true, "NO_COLOR": true,
	"CLICOLOR": true, "CLICOLOR_FORCE": true, "COLORFGBG": true, "LANG": true,
	// The screen-reader mode and its language (sshaccessible.go), and
	// reduced motion (sessionMotionNotify).
	"ABFAHRT_ACCESSIBLE": true, "ABFAHRT_LANG": true, "ABFAHRT_REDUCE_MOTION": true}

// envAllowed reports whether a session keeps the variable name=value.
func envAllowed(name, value string) bool {
	if len(name) == 0 || len(name) > maxEnvName || len(value) > maxEnvValue {
		return false
	}
	return sessionEnvNames[name] || strings.HasPrefix(name, "LC_")
}

// clampSize is the terminal size a board is drawn for when the client
// says cols×rows: at most maxCols×maxRows, and the default for a size
// that is not one (0 or negative).
func clampSize(cols, rows int) (int, int) {
	return clampDim(cols, defaultCols, maxCols), clampDim(rows, defaultRows, maxRows)
}

func clampDim(v, def, top int) int {
	switch {
	case v <= 0:
		return def
	case v > top:
		return top
	}
	return v
}

// clamp32 is clampDim for a size on the wire (uint32, so a client's
// 0xFFFFFFFF cannot turn negative or overflow on a 32-bit int).
func clamp32(v uint32, def, top int) uint32 {
	if v > uint32(top) {
		return uint32(top)
	}
	return uint32(clampDim(int(v), def, top))
}

// ptyRequest and windowChange are the payloads of RFC 4254 section 6.2
// and 6.7.
type ptyRequest struct {
	Term                      string
	Columns, Rows, PixW, PixH uint32
	Modes                     string
}

type windowChange struct {
	Columns, Rows, PixW, PixH uint32
}

// chanGuard stands between a session channel's requests and the
// library's request loop (github.com/charmbracelet/ssh session.go),
// which keeps every env request, says yes to agent forwarding, and sends
// each window-change on a channel of one: a client sending them faster
// than the board takes them blocked the loop, and with it the whole
// connection's reader, so that neither the client's leaving nor a write
// ever came through again (the session's place stayed taken). The guard
// reads every request at once and never waits: sizes are clamped, a
// window-change only keeps the newest size for the board (the library
// never sees it), and anything the board does not use is refused.
type chanGuard struct {
	win     atomic.Pointer[ssh.Window] // newest size a window-change asked for, clamped
	resized chan struct{}              // a newer size waits in win
	done    chan struct{}              // closed when the channel is
	env     int
	pty     bool
	cmd     bool
}

func newChanGuard() *chanGuard {
	return &chanGuard{resized: make(chan struct{}, 1), done: make(chan struct{})}
}

// filter passes the requests of in that the library should see to out
// and answers the rest itself; it closes out when in ends.
func (g *chanGuard) filter(in <-chan *gossh.Request, out chan<- *gossh.Request) {
	defer close(g.done)
	defer close(out)
	for req := range in {
		if !g.pass(req) {
			_ = req.Reply(false, nil)
			continue
		}
		select {
		case out <- req:
		default: // cannot happen (see guardQueue); never wait for the library
			_ = req.Reply(false, nil)
		}
	}
}

// pass reports whether req goes on to the library, rewriting a pty
// request to a clamped size; it answers window-changes itself.
func (g *chanGuard) pass(req *gossh.Request) bool {
	switch req.Type {
	case "pty-req":
		var p ptyRequest
		if g.pty || g.cmd || gossh.Unmarshal(req.Payload, &p) != nil {
			return false
		}
		p.Columns, p.Rows = clamp32(p.Columns, defaultCols, maxCols), clamp32(p.Rows, defaultRows, maxRows)
		p.PixW, p.PixH = min(p.PixW, maxPixels), min(p.PixH, maxPixels)
		req.Payload = gossh.Marshal(&p)
		g.pty = true
		return true
	case "window-change":
		var w windowChange
		if !g.pty || gossh.Unmarshal(req.Payload, &w) != nil {
			return false
		}
		g.win.Store(&ssh.Window{Width: int(clamp32(w.Columns, defaultCols, maxCols)), Height: int(clamp32(w.Rows, defaultRows, maxRows))})
		select {
		case g.resized <- struct{}{}:
		default: // the board has not taken the last one yet: it takes this with it
		}
		_ = req.Reply(true, nil)
		return false
	case "env":
		var kv struct{ Name, Value string }
		if g.cmd || g.env >= maxEnvVars || gossh.Unmarshal(req.Payload, &kv) != nil || !envAllowed(kv.Name, kv.Value) {
			return false
		}
		g.env++
		return true
	case "shell", "exec":
		if g.cmd {
			return false
		}
		g.cmd = true
		return true
	}
	// Agent forwarding (auth-agent-req@openssh.com), X11 (x11-req),
	// subsystems, signals, breaks: a board has no use for them.
	return false
}

// newest takes the newest size a window-change asked for, if any.
func (g *chanGuard) newest() (ssh.Window, bool) {
	w := g.win.Load()
	if w == nil {
		return ssh.Window{}, false
	}
	return *w, true
}

// guardedChannel is a new session channel whose requests pass a guard.
type guardedChannel struct {
	gossh.NewChannel
	c *sshConn
}

func (g guardedChannel) Accept() (gossh.Channel, <-chan *gossh.Request, error) {
	ch, reqs, err := g.NewChannel.Accept()
	if err != nil {
		return nil, nil, err
	}
	gd := newChanGuard()
	g.c.guard.Store(gd)
	out := make(chan *gossh.Request, guardQueue)
	go gd.filter(reqs, out)
	return ch, out, nil
}

// sessionChannel is the hub's handler of session channels: the library's
// own, behind a guard, one at a time on a connection.
func sessionChannel(srv *ssh.Server, conn *gossh.ServerConn, nc gossh.NewChannel, ctx ssh.Context) {
	c := connOf(ctx)
	if c == nil || !c.busy.CompareAndSwap(false, true) {
		_ = nc.Reject(gossh.ResourceShortage, "one session at a time on a connection")
		return
	}
	defer c.busy.Store(false)
	ssh.DefaultSessionHandler(srv, conn, guardedChannel{NewChannel: nc, c: c}, ctx)
}
