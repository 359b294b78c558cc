package main

import (
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"abfahrt/feed/sim"
	"abfahrt/internal/sshhub/sshtest"
	"abfahrt/model"
)

// riderSentence is a numbered departure of a list with a walking time:
// it says when to leave.
const riderSentence = `\d+: Line \S+ to [^,\n]+(, platform [^,\n]+)?, (now|in \d+ minutes?), ([0-9]+ minutes? (late|early)|on time|as timetabled); leave (now|in \d+ minutes?)\.\n`

// Issue 33 item 7: the screen-reader mode has the rider's commands: a
// walking time (the list says when to leave, and leaves out what cannot
// be reached), the next departure, a reminder by the list's number,
// arrivals and departures, a vehicle's delay and next stops; and a stop
// search as strict as abfahrt stops.
func TestAccessibleRiderCommands(t *testing.T) {
	embeddedSimStart = time.Date(2026, 9, 11, 7, 30, 0, 0, model.Berlin)
	t.Cleanup(func() { embeddedSimStart = time.Time{} })
	p := startCLI(t, "--accessible", "--stop", "1008")
	p.wait(0, `Departures from Hauptbahnhof:\n(`+departureSentence+`){10}`, 10*time.Second)

	at := p.typeLine("walk 4")
	got := p.wait(at, `^Walking time 4 minutes: departures you cannot reach on foot any more are left out\.\nDepartures from Hauptbahnhof, walking 4 minutes:\n(`+riderSentence+`){10}`, 10*time.Second)
	if strings.Contains(got, "1: Line 9 to Allewind") {
		t.Errorf("a departure leaving now is offered with a 4 minute walk:\n%s", got)
	}
	at = p.typeLine("next")
	p.wait(at, `^Next: Line \S+ to [^\n]+; leave (now|in \d+ minutes?)\.\n$`, 5*time.Second)

	at = p.typeLine("remind 9")
	p.wait(at, `^Reminder set: line \S+ to [^\n]+ at \d\d:\d\d; it warns a minute before you must leave\.\n$`, 5*time.Second)
	at = p.typeLine("remind 9")
	p.wait(at, `^Reminder removed: line \S+ to [^\n]+ at \d\d:\d\d\.\n$`, 5*time.Second)
	at = p.typeLine("remind 40")
	p.wait(at, `^Type remind and a number of the list, from 1 to 10\.\n$`, 5*time.Second)

	at = p.typeLine("vehicle 3")
	p.wait(at, `^Vehicle \d+, line \S+ to [^,\n]+, ([0-9]+ minutes? (late|early)|on time)\.\nNext stops:\n([^\n]+, (now|in \d+ minutes?)\.\n)+`, 10*time.Second)

	at = p.typeLine("arrivals")
	p.wait(at, `^Arrivals at Hauptbahnhof:\n(\d+: Line \S+ to [^,\n]+(, platform [^,\n]+)?, arrives (now|in \d+ minutes?), [^\n]+\.\n){10}`, 10*time.Second)
	at = p.typeLine("departures")
	p.wait(at, `^Departures from Hauptbahnhof, walking 4 minutes:\n(`+riderSentence+`){10}`, 10*time.Second)

	at = p.typeLine("stop uni")
	p.wait(at, `stops match\. Type the number of one:\n(\d: [^\n]+\.\n)+`, 10*time.Second)
	time.Sleep(200 * time.Millisecond)
	got = p.out.String()[at:]
	if want := "2 stops match. Type the number of one:\n1: Universität Süd.\n2: Universität West.\n"; got != want {
		t.Errorf("stop uni offers:\n%s\nwant only the two Universität stops:\n%s", got, want)
	}
	p.typeLine("quit")
	if code := <-p.code; code != exitOK {
		t.Fatalf("exit %d", code)
	}
	sshtest.NoScreenControl(t, p.out.String())
}

// The rider's commands and their help in German.
func TestAccessibleRiderCommandsGerman(t *testing.T) {
	embeddedSimStart = time.Date(2026, 9, 11, 7, 30, 0, 0, model.Berlin)
	t.Cleanup(func() { embeddedSimStart = time.Time{} })
	p := startCLI(t, "--accessible", "--stop", "1008", "--lang", "de")
	p.wait(0, `Abfahrten ab Hauptbahnhof:\n`, 10*time.Second)
	at := p.typeLine("hilfe")
	got := p.wait(at, `Befehle:\n(.*\n)+ende: beenden\.\n`, 5*time.Second)
	for _, w := range []string{"\nnächste: ", "\nfußweg 5: ", "\nerinnern 3: ", "\nankünfte: ", "\nfahrzeug 3: ", "30 Minuten"} {
		if !strings.Contains(got, w) {
			t.Errorf("the German help lacks %q:\n%s", w, got)
		}
	}
	at = p.typeLine("fußweg 3")
	p.wait(at, `^Fußweg 3 Minuten: Abfahrten, die Sie zu Fuß nicht mehr erreichen, werden weggelassen\.\nAbfahrten ab Hauptbahnhof, Fußweg 3 Minuten:\n`+
		`(\d+: Linie \S+ nach [^\n]+; (jetzt losgehen|losgehen in \d+ Minuten?)\.\n){10}`, 10*time.Second)
	at = p.typeLine("nächste")
	p.wait(at, `^Nächste: Linie \S+ nach `, 5*time.Second)
	at = p.typeLine("erinnern 5")
	p.wait(at, `^Erinnerung gesetzt: Linie \S+ nach [^\n]+ um \d\d:\d\d; sie warnt eine Minute, bevor Sie losgehen müssen\.\n`, 5*time.Second)
	at = p.typeLine("fahrzeug 2")
	p.wait(at, `^Fahrzeug \d+, Linie \S+ nach [^\n]+\.\nNächste Halte:\n`, 10*time.Second)
	at = p.typeLine("ankünfte")
	p.wait(at, `^Ankünfte in Hauptbahnhof:\n1: Linie \S+ nach [^\n]+ kommt (jetzt|in \d+ Minuten?) an, `, 10*time.Second)
	p.typeLine("ende")
	if code := <-p.code; code != exitOK {
		t.Fatalf("exit %d", code)
	}
	sshtest.NoScreenControl(t, p.out.String())
}

// A reminder set by the list's number warns once, a minute before the
// leave time, on a simulation whose clock runs 60 times as fast.
func TestAccessibleReminderWarns(t *testing.T) {
	svc := sim.New(sim.Options{Seed: 1, Clock: sim.NewClock(time.Date(2026, 9, 11, 7, 30, 0, 0, model.Berlin), 60)})
	up := httptest.NewServer(svc)
	defer up.Close()
	p := startCLI(t, "--accessible", "--api", up.URL+"/mobility/v1", "--interval", "5s", "--stop", "1008")
	p.wait(0, `Departures from Hauptbahnhof:\n`, 10*time.Second)
	at := p.typeLine("walk 2")
	p.wait(at, `walking 2 minutes:\n(`+riderSentence+`){10}`, 10*time.Second)
	at = p.typeLine("remind 10")
	set := p.wait(at, `Reminder set: (line \S+ to [^\n]+ at \d\d:\d\d);`, 5*time.Second)
	named := regexp.MustCompile(`Reminder set: (line \S+ to [^\n]+ at \d\d:\d\d);`).FindStringSubmatch(set)[1]
	got := p.wait(at, `Leave (now|in 1 minute) for `+regexp.QuoteMeta(named), 30*time.Second)
	time.Sleep(6 * time.Second) // another answer: it does not warn again
	if n := strings.Count(p.out.String()[at:], "for "+named); n != 1 {
		t.Errorf("the reminder warned %d times:\n%s", n, p.out.String()[at:])
	}
	p.typeLine("quit")
	<-p.code
	sshtest.NoScreenControl(t, p.out.String())
	t.Logf("%s", got)
}

// --walk gives the screen-reader mode its walking time at start.
func TestAccessibleWalkFlag(t *testing.T) {
	embeddedSimStart = time.Date(2026, 9, 11, 7, 30, 0, 0, model.Berlin)
	t.Cleanup(func() { embeddedSimStart = time.Time{} })
	p := startCLI(t, "--accessible", "--stop", "1008", "--walk", "3m")
	p.wait(0, `Departures from Hauptbahnhof, walking 3 minutes:\n(`+riderSentence+`){10}`, 10*time.Second)
	p.typeLine("quit")
	<-p.code
}
