package tui

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"abfahrt/internal/tools/surface"
)

// layers is the order of the TUI's internal packages: each imports only
// packages before it (and the leaf libraries tui/search, tui/mapview,
// tui/statefile, tui/internal/screen); the root imports any of them.
var layers = []string{"colour", "catalog", "ui", "feeds", "remind", "app", "board", "vehicle", "fleet", "ladder", "queue", "grid", "kiosk", "accessible"}

// panes are the packages of the panes: each imports components (ui,
// feeds, app, remind, model), never another pane.
var panes = map[string]bool{"board": true, "vehicle": true, "fleet": true, "ladder": true, "queue": true}

// TestPackageLayers holds the package split to its rules: no package
// imports one above it (board knows no grid, ui no pane, no pane the
// root), no pane imports another pane, and testkit is imported by tests
// only. How large the surface between them may be: TestSurface.
func TestPackageLayers(t *testing.T) {
	rank := map[string]int{}
	for i, l := range layers {
		rank["abfahrt/tui/internal/"+l] = i
	}
	dirs, err := filepath.Glob("internal/*")
	if err != nil {
		t.Fatal(err)
	}
	dirs = append(dirs, ".", "search", "mapview", "statefile")
	for _, dir := range dirs {
		pkg := "abfahrt/tui/" + filepath.ToSlash(dir)
		if dir == "." {
			pkg = "abfahrt/tui"
		}
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			test := strings.HasSuffix(f, "_test.go")
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			ast, err := parser.ParseFile(token.NewFileSet(), f, src, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, is := range ast.Imports {
				imp, _ := strconv.Unquote(is.Path.Value)
				switch {
				case imp == "abfahrt/tui" && pkg != "abfahrt/tui" && !test:
					t.Errorf("%s imports the root package abfahrt/tui", f)
				case imp == "abfahrt/tui/internal/testkit" && !test:
					t.Errorf("%s (not a test) imports testkit", f)
				}
				mine, inLayer := rank[pkg]
				theirs, known := rank[imp]
				if inLayer && known && theirs >= mine && imp != pkg {
					t.Errorf("%s imports %s, a package above (or beside) it", f, imp)
				}
				if panes[filepath.Base(dir)] && panes[filepath.Base(imp)] && known && imp != pkg && !test {
					t.Errorf("%s: the pane imports the pane %s (what both need belongs in ui or model)", f, imp)
				}
				if (pkg == "abfahrt/tui/search" || pkg == "abfahrt/tui/mapview" || pkg == "abfahrt/tui/statefile") && strings.HasPrefix(imp, "abfahrt/tui") {
					t.Errorf("%s: a leaf library imports %s", f, imp)
				}
			}
		}
	}
}

// maxMethods is the most methods a type under tui/ has.
const maxMethods = 35

// overMethods are types allowed more than maxMethods, with their count:
// each may shrink, none may grow. It is empty: every type under tui/ has
// at most maxMethods.
var overMethods = map[string]int{}

// maxTestOnly is the most exported identifiers the packages under
// tui/internal (testkit aside, which is for tests) offer that only tests
// use, by surface.Measure's count (a lower bound: a member counts as used
// when any production file selects a name like it). shot.SVG is one by
// design: the manual's pictures are drawn by a test (make docs).
const maxTestOnly = 9

// TestSurface measures the surface between the packages under tui: no
// type has more than maxMethods methods (those of overMethods no more
// than they had), and the packages under tui/internal offer at most
// maxTestOnly exported identifiers only tests use.
func TestSurface(t *testing.T) {
	s, err := surface.Measure(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range s.Types {
		name := tc.Name // "tui/internal/board.Pane"
		limit, over := overMethods[name]
		if !over {
			limit = maxMethods
		}
		if tc.Methods > limit {
			t.Errorf("%s has %d methods, more than %d", name, tc.Methods, limit)
		}
	}
	var only []string
	for _, e := range s.TestOnly {
		if strings.HasPrefix(e.Pkg, "tui/internal/") && e.Pkg != "tui/internal/testkit" {
			only = append(only, e.Pkg+" "+e.Name)
		}
	}
	if len(only) > maxTestOnly {
		t.Errorf("%d exported identifiers under tui/internal are used by tests only, more than %d:\n%s", len(only), maxTestOnly, strings.Join(only, "\n"))
	}
}

// importsOf returns the packages the Go files of dir import, by file
// (tests too when tests is set).
func importsOf(t *testing.T, dir string, tests bool) map[string][]string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for _, f := range files {
		if !tests && strings.HasSuffix(f, "_test.go") {
			continue
		}
		ast, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, is := range ast.Imports {
			imp, _ := strconv.Unquote(is.Path.Value)
			out[f] = append(out[f], imp)
		}
	}
	return out
}

// forbid fails for each file of dir that imports one of pkgs.
func forbid(t *testing.T, dir, why string, pkgs ...string) {
	t.Helper()
	for f, imps := range importsOf(t, dir, true) {
		for _, imp := range imps {
			for _, p := range pkgs {
				if imp == p {
					t.Errorf("%s imports %s: %s", f, imp, why)
				}
			}
		}
	}
}

// TestTextKitKnowsNoClient: the text kit (ui) words what it is given as
// plain data and never reads the HTTP client's errors itself (app.ErrLine
// does).
func TestTextKitKnowsNoClient(t *testing.T) {
	forbid(t, "internal/ui", "the text kit knows no HTTP client", "abfahrt/feed")
}

// TestDataLayerKnowsNoTextKit: the text kit imports no search, and the
// data layer (feeds) no text kit.
func TestDataLayerKnowsNoTextKit(t *testing.T) {
	forbid(t, "internal/ui", "the text kit imports no search", "abfahrt/tui/search")
	forbid(t, "internal/feeds", "the data layer imports no text kit", "abfahrt/tui/internal/ui")
}
