package history

import (
	"context"
	"database/sql"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// pgServer is a PostgreSQL server the tests start themselves: initdb and
// pg_ctl in a temporary directory, as nobody when running as root, on a
// free loopback port.
type pgServer struct {
	bin, dir, data string
	port           int
	uid, gid       int // -1: run as ourselves
	err            error
	skip           string
}

var (
	pgOnce sync.Once
	pg     pgServer
	pgDBs  atomic.Int64
)

// findPGBin finds initdb on PATH or under /usr/lib/postgresql/*/bin.
func findPGBin() string {
	if p, err := exec.LookPath("initdb"); err == nil {
		return filepath.Dir(p)
	}
	m, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	if len(m) > 0 {
		return filepath.Dir(m[len(m)-1])
	}
	return ""
}

func (p *pgServer) cmd(name string, args ...string) *exec.Cmd {
	c := exec.Command(filepath.Join(p.bin, name), args...)
	if p.uid >= 0 {
		c = exec.Command("setpriv", append([]string{"--reuid=" + strconv.Itoa(p.uid), "--regid=" + strconv.Itoa(p.gid), "--clear-groups", filepath.Join(p.bin, name)}, args...)...)
	}
	c.Dir = p.dir
	c.Env = append(os.Environ(), "LC_ALL=C")
	return c
}

func (p *pgServer) run(name string, args ...string) error {
	out, err := p.cmd(name, args...).CombinedOutput()
	if err != nil {
		return fmt.Errorf("%s %v: %w\n%s", name, args, err, out)
	}
	return nil
}

func (p *pgServer) setup() {
	p.bin = findPGBin()
	if p.bin == "" {
		p.skip = "no PostgreSQL binaries (initdb) on PATH or in /usr/lib/postgresql/*/bin: the PostgreSQL tests are skipped (apt-get install postgresql; ABFAHRT_REQUIRE_POSTGRES=1 makes this a failure)"
		return
	}
	p.uid, p.gid = -1, -1
	dir, err := os.MkdirTemp("", "abfahrt-pg-")
	if err != nil {
		p.err = err
		return
	}
	p.dir, p.data = dir, filepath.Join(dir, "data")
	if os.Geteuid() == 0 {
		u, err := user.Lookup("nobody")
		if err != nil {
			p.err = fmt.Errorf("running as root and no user nobody to run PostgreSQL as: %w", err)
			return
		}
		p.uid, _ = strconv.Atoi(u.Uid)
		p.gid, _ = strconv.Atoi(u.Gid)
		if err := os.Chmod(dir, 0o755); err != nil {
			p.err = err
			return
		}
		if err := os.Chown(dir, p.uid, p.gid); err != nil {
			p.err = err
			return
		}
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		p.err = err
		return
	}
	p.port = ln.Addr().(*net.TCPAddr).Port
	_ = ln.Close()
	if err := p.run("initdb", "-D", p.data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync"); err != nil {
		p.err = err
		return
	}
	p.err = p.start()
}

func (p *pgServer) start() error {
	return p.run("pg_ctl", "-D", p.data, "-l", filepath.Join(p.dir, "log"), "-w", "-t", "30",
		"-o", fmt.Sprintf("-c listen_addresses=127.0.0.1 -p %d -k %s -c fsync=off -c full_page_writes=off", p.port, p.dir), "start")
}

func (p *pgServer) stop() error {
	return p.run("pg_ctl", "-D", p.data, "-m", "fast", "-w", "stop")
}

func (p *pgServer) url(db string) string {
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/%s?sslmode=disable", p.port, db)
}

// needPostgres starts the server once and returns the URL of a new, empty
// database; it skips t without PostgreSQL binaries unless
// ABFAHRT_REQUIRE_POSTGRES=1.
func needPostgres(t *testing.T) string {
	t.Helper()
	pgOnce.Do(pg.setup)
	if pg.skip != "" {
		if os.Getenv("ABFAHRT_REQUIRE_POSTGRES") == "1" {
			t.Fatal(pg.skip)
		}
		t.Skip(pg.skip)
	}
	if pg.err != nil {
		t.Fatalf("starting PostgreSQL: %v", pg.err)
	}
	name := fmt.Sprintf("t%d", pgDBs.Add(1))
	db, err := sql.Open("pgx", pg.url("postgres"))
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = db.Close() }()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := db.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatal(err)
	}
	return pg.url(name)
}

func TestMain(m *testing.M) {
	code := m.Run()
	if pg.data != "" {
		_ = pg.run("pg_ctl", "-D", pg.data, "-m", "immediate", "-w", "stop")
	}
	if pg.dir != "" {
		_ = os.RemoveAll(pg.dir)
	}
	os.Exit(code)
}

// backend is a database the store's tests run against.
type backend struct {
	name string
	dsn  func(t *testing.T) string
}

var backends = []backend{
	{"sqlite", func(t *testing.T) string { return filepath.Join(t.TempDir(), "history.db") }},
	{"postgres", needPostgres},
}

// eachBackend runs f against SQLite and PostgreSQL.
func eachBackend(t *testing.T, f func(t *testing.T, dsn string)) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) { f(t, b.dsn(t)) })
	}
}

func mustOpen(t *testing.T, dsn string) *Store {
	t.Helper()
	s, err := Open(context.Background(), dsn, Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s
}
