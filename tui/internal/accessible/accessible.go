// Package accessible is abfahrt's screen-reader mode (abfahrt
// --accessible): a board as lines of text in the terminal's normal screen,
// for a screen reader or a braille display. It takes no alternate screen,
// addresses no cursor and draws no boxes, braille or sparklines: it writes
// plain sentences (package speech) and reads commands as typed lines.
//
// At start it says one sentence per departure of its stop; afterwards
// only what changed (a new departure, a changed delay or platform, one
// that left or vanished), and the data's age when the service stops
// answering. It wakes only for a poll and a typed line: nothing ticks
// while nothing changes.
//
// Over SSH (Options.Raw) the client's terminal is in raw mode: the mode
// echoes what is typed, understands backspace and ends its lines with
// CR LF, and says a line typed half-way again after a sentence came in
// between.
package accessible

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"abfahrt/feed"
	"abfahrt/model"
	"abfahrt/speech"
	"abfahrt/tui/internal/catalog"
	"abfahrt/tui/internal/feeds"
	"abfahrt/tui/search"
)

// Options configure a screen-reader session.
type Options struct {
	Source feeds.Source
	// SourceName names the data source in the first line.
	SourceName string
	// Stop is the stop said (DefaultStop when 0); Line keeps one line.
	Stop int
	Line string
	// Lang is "en" or "de".
	Lang string
	// Interval is the poll interval (feeds.DefaultInterval when 0).
	Interval time.Duration
	// Limit is how many departures are said (DefaultLimit when 0).
	Limit int
	// Walk is the walking time to the stop at start (the walk command
	// changes it): departures say when to leave.
	Walk time.Duration
	// In is where commands are typed, Out where the sentences go.
	In  io.Reader
	Out io.Writer
	// Raw: In is a terminal in raw mode (an SSH session): echo, line
	// editing and CR LF are the mode's.
	Raw bool
	// Now is the service's clock when it runs in this process; nil
	// estimates it from the answers.
	Now func() time.Time
}

// DefaultStop is the stop said without Options.Stop: Hauptbahnhof.
const DefaultStop = 1008

// DefaultLimit is how many departures are said.
const DefaultLimit = 10

// staleAfter is how old data is when its age is said: two missed polls.
func (o Options) staleAfter() time.Duration { return 2 * o.Interval }

// sayStaleEvery repeats the data's age while the service stays silent.
const sayStaleEvery = 5 * time.Minute

// requestTimeout bounds one request.
const requestTimeout = 20 * time.Second

// answer is one poll's result.
type answer struct {
	stop     int
	arrivals bool
	board    model.Board
	meta     feed.Answer
	err      error
	at       time.Time // the machine's time it came
}

// session is one screen-reader board.
type session struct {
	o    Options
	l    speech.Lang
	tx   *catalog.ScreenReader // the mode's sentences in l
	out  *output
	tr   speech.Tracker
	stop int
	name string
	line string
	// last is the last good answer, lastAt when it came (machine time).
	last     *answer
	lastAt   time.Time
	polling  bool
	answers  chan answer
	poll     *time.Timer
	stale    bool      // the data's age was said, the service not yet back
	staleAt  time.Time // when the age was last said
	unavail  bool      // "not available" was said for this stop
	choices  []model.Stop
	stops    []model.Stop
	stopsIdx *search.Index
	// The rider's commands (rider.go): arrivals instead of departures,
	// the walking time to the stop, the departures of the last list by
	// their number, the reminders and the timer of the next one.
	arrivals  bool
	walk      time.Duration
	listed    []speech.Departure
	reminders []reminder
	remind    *time.Timer
}

// Run says the board of o.Stop until ctx ends, In ends, or `quit` is
// typed. It returns nil then, or the error writing to Out.
func Run(ctx context.Context, o Options) error {
	if o.Stop == 0 {
		o.Stop = DefaultStop
	}
	if o.Interval <= 0 {
		o.Interval = feeds.DefaultInterval
	}
	if o.Limit <= 0 {
		o.Limit = DefaultLimit
	}
	s := &session{o: o, l: speech.Lang(o.Lang), stop: o.Stop, line: o.Line, answers: make(chan answer, 1),
		walk: min(max(o.Walk, 0), time.Hour).Truncate(time.Minute)}
	s.tx = readerTexts(s.l)
	s.out = &output{w: o.Out, raw: o.Raw}
	lines := make(chan string)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go s.out.read(ctx, o.In, lines)
	s.say(intro(s.tx, o.SourceName))
	s.poll = time.NewTimer(0)
	defer s.poll.Stop()
	s.remind = time.NewTimer(time.Hour)
	s.remind.Stop()
	defer s.remind.Stop()
	for {
		select {
		case <-s.remind.C:
			s.ring()
		case <-ctx.Done():
			return s.out.failed()
		case l, ok := <-lines:
			if !ok || s.command(ctx, l) {
				return s.out.failed()
			}
		case a := <-s.answers:
			s.polling = false
			s.receive(a)
			s.poll.Reset(o.Interval)
		case <-s.poll.C:
			s.request(ctx)
		}
		if err := s.out.failed(); err != nil {
			return err
		}
	}
}

// request polls the stop unless a request is in flight.
func (s *session) request(ctx context.Context) {
	if s.polling {
		return
	}
	s.polling = true
	stop, src, limit, arrivals := s.stop, s.o.Source, s.o.Limit, s.arrivals
	if s.line != "" {
		limit = 100 // a line's departures among all of the stop's
	} else if s.walk > 0 {
		limit = min(100, limit+walkExtra) // the missed ones are left out
	}
	go func() {
		var a answer
		a.stop, a.arrivals = stop, arrivals
		rctx, cancel := context.WithTimeout(ctx, requestTimeout)
		if arrivals {
			a.board, a.err = src.StopArrivals(feed.WithAnswer(rctx, &a.meta), stop, limit)
		} else {
			a.board, a.err = src.StopDepartures(feed.WithAnswer(rctx, &a.meta), stop, limit)
		}
		cancel()
		a.at = time.Now()
		select {
		case s.answers <- a:
		case <-ctx.Done():
		}
	}()
}

// now is the service's time at machine time t of answer a.
func (s *session) now(a *answer) time.Time {
	if s.o.Now != nil {
		return s.o.Now()
	}
	at := a.board.Timestamp.Time
	if !a.board.Timestamp.Known() {
		return time.Now()
	}
	if a.meta.AgeKnown {
		at = at.Add(a.meta.Age)
	}
	return at.Add(time.Since(a.at))
}

// receive says what answer a changes.
func (s *session) receive(a answer) {
	if a.stop != s.stop || a.arrivals != s.arrivals {
		return // the stop (or arrivals) changed while it was asked
	}
	if a.err != nil {
		if errors.Is(a.err, context.Canceled) {
			return
		}
		s.silent(time.Since(s.lastAt))
		return
	}
	if a.board.StopName != "" {
		s.name = a.board.StopName
	}
	if a.meta.Stale || (a.meta.AgeKnown && a.meta.Age >= s.o.staleAfter()) {
		s.last, s.lastAt = &a, a.at.Add(-a.meta.Age)
		s.silent(a.meta.Age)
		s.update(&a)
		return
	}
	if s.stale {
		s.say(speech.Recovered(s.l))
		s.stale = false
	}
	s.unavail = false
	s.last, s.lastAt = &a, a.at
	s.update(&a)
}

// silent says that the service does not answer: the data's age once it
// is stale (again every sayStaleEvery), or that there is none.
func (s *session) silent(age time.Duration) {
	if s.last == nil {
		if !s.unavail {
			s.say(speech.Unavailable(s.l, s.title()))
			s.unavail = true
		}
		return
	}
	if age < s.o.staleAfter() || (s.stale && time.Since(s.staleAt) < sayStaleEvery) {
		return
	}
	s.say(speech.Stale(s.l, age))
	s.stale, s.staleAt = true, time.Now()
}

// departures are the departures (arrivals) of answer a said now, by the
// line filter; with a walking time those that cannot be reached any
// more are left out (a reminded one stays: its warning says what to do),
// the others say when to leave.
func (s *session) departures(a *answer) []speech.Departure {
	now := s.now(a)
	var ds []speech.Departure
	if s.arrivals {
		ds = speech.FromArrivals(a.board.Events, now)
	} else {
		ds = speech.FromEvents(a.board.Events, now, a.board.StopName)
	}
	kept := ds[:0]
	for _, d := range ds {
		if s.line != "" && !strings.EqualFold(d.Line, s.line) {
			continue
		}
		if s.walk > 0 && !s.arrivals {
			w, ok := d.WithWalk(now, s.walk)
			if !ok && !s.reminded(d) {
				continue
			}
			d = w
		}
		kept = append(kept, d)
	}
	return kept[:min(len(kept), s.o.Limit)]
}

// update says the list at the first answer, later what changed (within
// speech.DefaultHorizon: the far ones only on list); it follows the
// reminders' departures.
func (s *session) update(a *answer) {
	ds := s.departures(a)
	s.tr.Horizon, s.tr.Walk = speech.DefaultHorizon, s.walk
	if s.arrivals {
		s.tr.Walk = 0
	}
	s.follow(ds, s.now(a))
	if !s.tr.Started() {
		s.tr.Update(s.l, ds, s.now(a))
		s.list(ds)
		return
	}
	for _, line := range s.tr.Update(s.l, ds, s.now(a)) {
		s.say(line)
	}
}

// list says every departure, one numbered sentence each (remind and
// vehicle take the number), under the stop's name.
func (s *session) list(ds []speech.Departure) {
	title := s.title()
	if s.line != "" {
		title += fmt.Sprintf(s.tx.ReaderOnLine, s.line)
	}
	s.listed = ds
	if len(ds) == 0 {
		if s.arrivals {
			s.say(fmt.Sprintf(s.tx.ReaderNoArrivalsAt, title))
		} else {
			s.say(speech.None(s.l, title))
		}
		return
	}
	switch {
	case s.arrivals:
		s.say(fmt.Sprintf(s.tx.ReaderArrivalsAt, title))
	case s.walk > 0:
		s.say(speech.Opening(s.l, title+fmt.Sprintf(s.tx.ReaderWalking, s.l.Minutes(int(s.walk/time.Minute)))))
	default:
		s.say(speech.Opening(s.l, title))
	}
	for i, d := range ds {
		s.say(speech.Numbered(i+1, speech.Sentence(s.l, d)))
	}
}

// title names the stop: its name, else "stop 1008".
func (s *session) title() string {
	if s.name != "" {
		return s.name
	}
	return fmt.Sprintf(s.tx.ReaderStopN, s.stop)
}

func (s *session) say(line string) { s.out.say(line) }

// maxTyped is the longest line taken from what is typed, in runes.
const maxTyped = 200

// output writes sentences as lines and, in raw mode, echoes and edits
// what is typed. Its lock keeps a sentence from cutting into an echo.
type output struct {
	mu      sync.Mutex
	w       io.Writer
	raw     bool
	pending []rune // typed so far, in raw mode
	err     error
}

// failed is the error of the last write, nil while writes go through.
func (o *output) failed() error {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.err
}

// say writes one line; in raw mode it ends with CR LF and the line being
// typed is written again after it.
func (o *output) say(line string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.err != nil {
		return
	}
	var b strings.Builder
	if o.raw && len(o.pending) > 0 {
		b.WriteString("\r\n") // the sentence starts on a line of its own
	}
	b.WriteString(line)
	if o.raw {
		b.WriteString("\r\n")
		b.WriteString(string(o.pending))
	} else {
		b.WriteByte('\n')
	}
	_, o.err = io.WriteString(o.w, b.String())
}

// read sends the lines typed on in until it ends (then it closes lines)
// or ctx ends. In raw mode it echoes, takes backspace and ends a line at
// CR or LF; ctrl+c and ctrl+d end the session.
func (o *output) read(ctx context.Context, in io.Reader, lines chan<- string) {
	defer close(lines)
	send := func(l string) bool {
		select {
		case lines <- l:
			return true
		case <-ctx.Done():
			return false
		}
	}
	if in == nil {
		<-ctx.Done()
		return
	}
	r := bufio.NewReader(in)
	if !o.raw {
		for {
			l, err := r.ReadString('\n')
			// The terminal's line discipline echoed the line as typed
			// (controls as ^[); what is said back of it ("Unknown
			// command: …") must carry no sequence of it, so it is cleaned
			// as the service's text is, and as raw mode drops controls.
			if l != "" && !send(model.CleanText(strings.TrimRight(l, "\r\n"), maxTyped)) {
				return
			}
			if err != nil {
				return
			}
		}
	}
	for {
		c, _, err := r.ReadRune()
		if err != nil {
			return
		}
		if c == 27 { // an arrow or function key: ESC [ ... final byte
			if n, _, err := r.ReadRune(); err == nil && (n == '[' || n == 'O') {
				for {
					f, _, err := r.ReadRune()
					if err != nil || (f >= 0x40 && f <= 0x7e) {
						break
					}
				}
			}
			continue
		}
		o.mu.Lock()
		var echo string
		var done, end bool
		switch {
		case c == '\r' || c == '\n':
			echo, done = "\r\n", true
		case c == 3 || c == 4: // ctrl+c, ctrl+d
			echo, end = "\r\n", true
		case c == 127 || c == 8:
			if n := len(o.pending); n > 0 {
				o.pending, echo = o.pending[:n-1], "\b \b"
			}
		case c < ' ' || c >= 0x80 && c < 0xa0: // controls (C0, C1) are not text
		default:
			if len(o.pending) < maxTyped {
				o.pending, echo = append(o.pending, c), string(c)
			}
		}
		l := string(o.pending)
		if done {
			o.pending = o.pending[:0]
		}
		if echo != "" && o.err == nil {
			_, o.err = io.WriteString(o.w, echo)
		}
		o.mu.Unlock()
		if end || (done && !send(l)) {
			return
		}
	}
}
