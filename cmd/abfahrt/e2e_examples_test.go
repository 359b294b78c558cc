//go:build e2e

package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

// Issue 12 item 7: every example command of the README and of `--help`
// (the root's and every command's Examples) runs. Examples that name a
// network service are pointed at a loopback simulation of this test
// (`abfahrt sim --listen 127.0.0.1:PORT`); addresses to listen on become
// free loopback ports. One-shot commands run directly with a timeout;
// `sim` and `serve` must answer HTTP on their address and end on
// SIGTERM; the board, grid, vehicle pane and kiosk run in tmux and must
// show a real screen and no error. The test ends with the list of the
// examples that failed.

// example is one command line from a document.
type example struct {
	from string // "README.md" or "abfahrt departures --help"
	line string
}

// placeholder is an upper-case word of a synopsis (N, CODE, QUERY, URL).
var placeholder = regexp.MustCompile(`(^|[\s=])[A-Z][A-Z_]*(\s|$|\.\.\.)`)

// exampleArgs splits an example into arguments, without the shell's "$ "
// prompt, a trailing "&" and "# comment"; ok is false for a synopsis
// (brackets, alternatives, placeholders) or text that is no command.
func exampleArgs(line string) (args []string, ok bool) {
	line = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "$ "))
	if i := strings.Index(line, " #"); i >= 0 {
		line = line[:i]
	}
	line = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(line), "&"))
	if !strings.HasPrefix(line, "abfahrt ") && line != "abfahrt" {
		return nil, false
	}
	if strings.ContainsAny(line, "[]|<>") || placeholder.MatchString(line) {
		return nil, false
	}
	if i := strings.Index(line, "   "); i >= 0 {
		line = line[:i] // a synopsis's description column
	}
	return strings.Fields(line)[1:], true
}

// readmeExamples are the command lines of the README: every line of a
// fenced block that starts with abfahrt, and every inline code span that
// gives abfahrt at least one argument besides a command's name (a bare
// `abfahrt next` in a sentence names the command).
func readmeExamples(t *testing.T) []example {
	t.Helper()
	pages, _ := filepath.Glob("../../docs/*.md") // the manual's pages: their examples run too
	var out []example
	for _, page := range append([]string{"../../README.md"}, pages...) {
		out = append(out, pageExamples(t, page)...)
	}
	return out
}

// pageExamples are the command lines of one page of the manual.
func pageExamples(t *testing.T, page string) []example {
	t.Helper()
	b, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	from := strings.TrimPrefix(page, "../../")
	var out []example
	fence := regexp.MustCompile("(?s)```[a-z]*\n(.*?)```")
	for _, m := range fence.FindAllStringSubmatch(string(b), -1) {
		for _, l := range strings.Split(m[1], "\n") {
			if _, ok := exampleArgs(l); ok {
				out = append(out, example{from, strings.TrimSpace(l)})
			}
		}
	}
	rest := fence.ReplaceAllString(string(b), "")
	for _, m := range regexp.MustCompile("`(abfahrt [^`\n]+)`").FindAllStringSubmatch(rest, -1) {
		args, ok := exampleArgs(m[1])
		if !ok || len(args) == 0 || (len(args) == 1 && !strings.HasPrefix(args[0], "-")) {
			continue
		}
		out = append(out, example{from, m[1]})
	}
	return out
}

// helpExamples are the Examples of `abfahrt --help` and of every command's
// help.
func helpExamples(t *testing.T, bin string) []example {
	t.Helper()
	help := func(args ...string) string {
		out, err := exec.Command(bin, append(args, "--help")...).CombinedOutput()
		if err != nil {
			t.Fatalf("abfahrt %v --help: %v\n%s", args, err, out)
		}
		return string(out)
	}
	section := func(text, title string) []string {
		_, after, ok := strings.Cut(text, "\n"+title+"\n")
		if !ok {
			return nil
		}
		body, _, _ := strings.Cut(after, "\n\n")
		return strings.Split(body, "\n")
	}
	root := help()
	cmds := []string{""}
	for _, l := range section(root, "Available Commands:") {
		if f := strings.Fields(l); len(f) > 0 && f[0] != "help" && f[0] != "completion" {
			cmds = append(cmds, f[0])
		}
	}
	var out []example
	for _, c := range cmds {
		text, from := root, "abfahrt --help"
		if c != "" {
			text, from = help(c), "abfahrt "+c+" --help"
		}
		for _, l := range section(text, "Examples:") {
			if _, ok := exampleArgs(l); ok {
				out = append(out, example{from, strings.TrimSpace(l)})
			}
		}
	}
	return out
}

// oneShotCmds print and exit.
var oneShotCmds = []string{"stops", "departures", "arrivals", "vehicle", "headways", "next", "config", "version", "exceptions", "say", "doctor", "gtfs"}

// rewrite points an example at the test's loopback simulation (api): the
// service (--api, --upstream) becomes it, an address to listen on (and
// --ssh's) a free loopback one; sim and serve get a --listen if they have
// none (their defaults may be taken by another program).
func rewrite(t *testing.T, args []string, api string) []string {
	t.Helper()
	out := make([]string, 0, len(args)+2)
	listen := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, _, eq := strings.Cut(a, "=")
		if !strings.HasPrefix(name, "--") {
			out = append(out, a)
			continue
		}
		switch name {
		case "--api", "--upstream", "--listen", "--ssh", "--static", "--gtfs-static":
		default:
			out = append(out, a)
			continue
		}
		if !eq && i+1 < len(args) {
			i++ // the value, replaced
		}
		val := api
		if name == "--static" || name == "--gtfs-static" {
			val = exampleStaticGTFS(t) // a local export, never a remote URL
		}
		if name == "--listen" || name == "--ssh" {
			val, _ = freeSimAddr(t)
			listen = listen || name == "--listen"
		}
		out = append(out, name, val)
	}
	if len(out) > 0 && (out[0] == "sim" || out[0] == "serve") && !listen {
		addr, _ := freeSimAddr(t)
		out = append(out, "--listen", addr)
	}
	return out
}

// exampleStatic is the static GTFS the examples' --static and
// --gtfs-static read: one export of the simulation, made once.
var exampleStatic struct {
	once sync.Once
	path string
	err  error
}

// exampleStaticGTFS exports the simulation's static GTFS once (into the
// calling test's temporary folder) and returns its path.
func exampleStaticGTFS(t *testing.T) string {
	t.Helper()
	exampleStatic.once.Do(func() {
		exampleStatic.path = filepath.Join(t.TempDir(), "ulm-sim.zip")
		cmd := exec.Command(os.Getenv("ABFAHRT_BIN"), "gtfs", "export", "--out", exampleStatic.path, "--days", "2")
		cmd.Env = exampleEnv(t.TempDir())
		if out, err := cmd.CombinedOutput(); err != nil {
			exampleStatic.err = fmt.Errorf("gtfs export: %w: %s", err, out)
		}
	})
	if exampleStatic.err != nil {
		t.Fatal(exampleStatic.err)
	}
	return exampleStatic.path
}

// flagValue is the value of --name in args, "" if absent.
func flagValue(args []string, name string) string {
	for i, a := range args {
		if a == name && i+1 < len(args) {
			return args[i+1]
		}
	}
	return ""
}

// exampleEnv is a clean environment with a home of its own.
func exampleEnv(home string) []string {
	return []string{"PATH=/usr/bin:/bin", "HOME=" + home, "XDG_CACHE_HOME=" + filepath.Join(home, "cache"),
		"XDG_CONFIG_HOME=" + filepath.Join(home, "config"), "XDG_STATE_HOME=" + filepath.Join(home, "state"), "LANG=C.UTF-8"}
}

// startSim starts the test's loopback simulation and returns its API.
func startSim(t *testing.T, bin string) string {
	t.Helper()
	addr, api := freeSimAddr(t)
	cmd := exec.Command(bin, "sim", "--quiet", "--listen", addr)
	cmd.Env = exampleEnv(t.TempDir())
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		_ = cmd.Wait()
	})
	if err := waitHTTP("http://"+addr+"/mobility/v1/stop/passage/Departures?StopNumber=1008&Limit=1", 10*time.Second); err != nil {
		t.Fatalf("the test's simulation: %v", err)
	}
	return api
}

// waitHTTP polls url until it answers 200 or d has passed.
func waitHTTP(url string, d time.Duration) error {
	deadline := time.Now().Add(d)
	c := &http.Client{Timeout: 2 * time.Second}
	var last error
	for time.Now().Before(deadline) {
		resp, err := c.Get(url)
		if err == nil {
			_ = resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
			err = fmt.Errorf("HTTP %d", resp.StatusCode)
		}
		last = err
		time.Sleep(150 * time.Millisecond)
	}
	return fmt.Errorf("%s did not answer 200 within %v: %w", url, d, last)
}

// runOneShot runs a printing command; it fails on an exit status the
// README does not document for what the example asks.
func runOneShot(bin string, args []string, home string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Env = exampleEnv(home)
	cmd.Dir = home // what an example writes (gtfs export --out FILE) stays in its home
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		code = ee.ExitCode()
	case err != nil:
		return err
	}
	switch {
	case code == 3 && args[0] == "vehicle":
		// The vehicle rests (the simulation runs on this computer's
		// clock): documented, and said on stdout.
		if !strings.Contains(stdout.String(), "not in service") && !strings.Contains(stdout.String(), `"InService": false`) {
			return fmt.Errorf("exit 3 without saying the vehicle is not in service:\n%s", stdout.String())
		}
		return nil
	case code == 1 && args[0] == "next" && strings.Contains(stderr.String(), "nothing to catch in the next hour"):
		return nil // documented: nothing catchable within the hour (at night)
	case code != 0:
		return fmt.Errorf("exit %d: %s", code, strings.TrimSpace(stderr.String()))
	case strings.TrimSpace(stdout.String()) == "":
		return errors.New("printed nothing")
	}
	for _, bad := range []string{"No departures", "No arrivals", "no stop matches"} {
		if strings.Contains(stdout.String(), bad) {
			return fmt.Errorf("finds nothing: %s", strings.TrimSpace(stdout.String()))
		}
	}
	return nil
}

// runServer starts sim or serve, waits for it to answer on its address
// and ends it with SIGTERM, which must be a clean exit. A hub serving SSH
// gets what the README asks of it first: an authorized_keys file at its
// default place.
func runServer(bin string, args []string, home string) error {
	addr := flagValue(args, "--listen")
	if flagValue(args, "--ssh") != "" {
		if err := authorizeKey(filepath.Join(home, "state", "abfahrt", "authorized_keys")); err != nil {
			return err
		}
	}
	cmd := exec.Command(bin, args...)
	cmd.Env = exampleEnv(home)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		return err
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	url := "http://" + addr + "/mobility/v1/stop/passage/Departures?StopNumber=1008&Limit=1"
	if args[0] == "serve" {
		url = "http://" + addr + "/healthz"
	}
	up := waitHTTP(url, 15*time.Second)
	_ = cmd.Process.Signal(syscall.SIGTERM)
	var exit error
	select {
	case exit = <-done:
	case <-time.After(20 * time.Second):
		_ = cmd.Process.Kill()
		<-done
		exit = errors.New("did not end within 20 s of SIGTERM")
	}
	switch {
	case up != nil:
		return fmt.Errorf("%w; stderr: %s", up, strings.TrimSpace(stderr.String()))
	case exit != nil:
		return fmt.Errorf("after SIGTERM: %w; stderr: %s", exit, strings.TrimSpace(stderr.String()))
	}
	return nil
}

// authorizeKey writes an authorized_keys file of one new key at path.
func authorizeKey(path string) error {
	pub, _, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return err
	}
	key, err := gossh.NewPublicKey(pub)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	return os.WriteFile(path, gossh.MarshalAuthorizedKey(key), 0o600)
}

// screenOK is what a real board, grid, vehicle pane or kiosk shows.
var screenOK = regexp.MustCompile(`(?s)(Departures|Arrivals|boards|Fleet).*` + departureRow.String() + `|Vehicle \d+|(Bus|Tram) \d+ ·`)

// screenBad is an error on the screen.
var screenBad = regexp.MustCompile(`abfahrt: |did not answer|does not exist|✗|not available|panic|goroutine`)

// runBoard runs an interactive example in tmux: a real screen, no error.
func runBoard(t *testing.T, args []string) error {
	tm := newTerm(t, 120, 40)
	tm.typeText("abfahrt " + strings.Join(args, " "))
	tm.keys("Enter")
	s, ok := tm.tryWait(screenOK, 15*time.Second)
	defer func() {
		shell := strings.TrimSpace(tm.tmux("display-message", "-p", "-t", tm.name, "#{pane_pid}"))
		if out, err := exec.Command("pgrep", "-P", shell).Output(); err == nil && len(strings.Fields(string(out))) > 0 {
			_ = exec.Command("kill", "-TERM", strings.Fields(string(out))[0]).Run()
		}
		tm.tryWait(regexp.MustCompile(`(?m)^e2e-ready\$\s*$`), 5*time.Second)
	}()
	if !ok {
		return fmt.Errorf("no board, grid, vehicle or kiosk screen within 15 s:\n%s", s)
	}
	time.Sleep(time.Second) // an error would show by now
	s = tm.screen()
	if m := screenBad.FindString(s); m != "" {
		return fmt.Errorf("the screen says %q:\n%s", m, s)
	}
	return nil
}

// readmeConfig is the README's configuration example, its service
// pointed at api.
func readmeConfig(t *testing.T, api string) string {
	t.Helper()
	b, err := os.ReadFile("../../docs/configuration.md")
	if err != nil {
		t.Fatal(err)
	}
	_, body, ok := strings.Cut(string(b), "```toml\n")
	if !ok {
		t.Fatal("no toml example in docs/configuration.md")
	}
	body, _, _ = strings.Cut(body, "```")
	return regexp.MustCompile(`(?m)^api = "[^"]*"`).ReplaceAllString(body, `api = "`+api+`"`)
}

// runConfigExample opens the board with the README's configuration: its
// layout's three boards show, by name, without an error. Names come with
// the base data; a cell drawn before they came is drawn again at the
// board's next poll at the latest (one interval: see the closing note of
// issue 12 for the fix that redraws the grid when base data arrives).
func runConfigExample(t *testing.T, api string) error {
	path := filepath.Join(t.TempDir(), "config.toml")
	if err := os.WriteFile(path, []byte(readmeConfig(t, api)), 0o600); err != nil {
		return err
	}
	tm := newTerm(t, 160, 40)
	tm.typeText("abfahrt --config " + path)
	tm.keys("Enter")
	defer func() {
		tm.keys("q")
		tm.tryWait(regexp.MustCompile(`(?m)^e2e-ready\$\s*$`), 5*time.Second)
	}()
	if s, ok := tm.tryWait(regexp.MustCompile(`(?s)\d Tafeln.*`+departureRow.String()), 15*time.Second); !ok {
		return fmt.Errorf("no grid of the layout's boards within 15 s:\n%s", s)
	}
	numbered := regexp.MustCompile(`(Stop|Haltestelle) \d{4}`)
	if s := tm.screen(); numbered.MatchString(s) {
		t.Logf("note: a board is titled by its number until its next poll (base data came after its first answer):\n%s", s)
	}
	titles := regexp.MustCompile(`(?s)1 Hauptbahnhof · .*2 Ehinger Tor · .*3 Ehinger Tor · `)
	s, ok := tm.tryWait(titles, 20*time.Second)
	if !ok {
		return fmt.Errorf("the layout's boards are not titled Hauptbahnhof, Ehinger Tor, Ehinger Tor within an interval:\n%s", s)
	}
	if m := screenBad.FindString(s); m != "" {
		return fmt.Errorf("the screen says %q:\n%s", m, s)
	}
	return nil
}

func TestE2EExamplesRun(t *testing.T) {
	bin := os.Getenv("ABFAHRT_BIN")
	if bin == "" {
		t.Skip("ABFAHRT_BIN not set (run make e2e)")
	}
	api := startSim(t, bin)
	examples := append(readmeExamples(t), helpExamples(t, bin)...)
	if len(examples) < 20 {
		t.Fatalf("only %d examples found: %v", len(examples), examples)
	}
	var failed []string
	seen := map[string]bool{}
	for _, ex := range examples {
		if seen[ex.line] {
			continue
		}
		seen[ex.line] = true
		raw, _ := exampleArgs(ex.line)
		args := rewrite(t, raw, api)
		home := t.TempDir()
		var err error
		switch {
		case len(args) > 0 && (slices.Contains(oneShotCmds, args[0]) || args[0] == "--version" || args[0] == "--help"):
			err = runOneShot(bin, args, home)
		case len(args) > 0 && (args[0] == "sim" || args[0] == "serve"):
			err = runServer(bin, args, home)
		case len(args) > 0 && (args[0] == "record" || args[0] == "stats" || args[0] == "history" || args[0] == "replay"):
			err = runHistory(bin, args, home, api)
		default:
			err = runBoard(t, args)
		}
		status := "ok"
		if err != nil {
			status = "FAILED"
			failed = append(failed, fmt.Sprintf("%s (%s): %v", ex.line, ex.from, err))
		}
		t.Logf("%-6s %s  (%s; ran: abfahrt %s)", status, ex.line, ex.from, strings.Join(args, " "))
	}
	status := "ok"
	if err := runConfigExample(t, api); err != nil {
		status = "FAILED"
		failed = append(failed, fmt.Sprintf("the README's configuration example: %v", err))
	}
	t.Logf("%-6s the README's configuration example (abfahrt --config FILE, its layout morning)", status)
	if len(failed) > 0 {
		t.Errorf("%d of %d examples failed:\n%s", len(failed), len(seen)+1, strings.Join(failed, "\n\n"))
	}
}

// runHistory runs an example of the history commands against a SQLite
// database in home (an example's --db, PostgreSQL's included, becomes that
// file: tests reach loopback only): record for 3 s instead of its --for;
// stats and history after 3 s of recording the stop of the board the
// README names.
func runHistory(bin string, args []string, home, api string) error {
	db := filepath.Join(home, "history.db")
	out := []string{args[0]}
	for i := 1; i < len(args); i++ {
		switch args[i] {
		case "--db", "--for":
			i++ // the value, replaced
			continue
		}
		out = append(out, args[i])
	}
	out = append(out, "--db", db)
	if args[0] == "record" {
		return runOneShot(bin, append(out, "--for", "3s", "--api", api), home)
	}
	if err := runOneShot(bin, []string{"record", "--stop", "1008", "--for", "3s", "--api", api, "--db", db}, home); err != nil {
		return fmt.Errorf("recording for the example: %w", err)
	}
	if args[0] == "replay" {
		return runServer(bin, out, home) // serves the recording until SIGTERM
	}
	return runOneShot(bin, out, home)
}
