package tui

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// layers is the order of the TUI's internal packages: each imports only
// packages before it (and the leaf libraries tui/search, tui/mapview,
// tui/statefile, tui/internal/screen); the root imports any of them.
var layers = []string{"colour", "catalog", "ui", "feeds", "remind", "app", "board", "vehicle", "fleet", "ladder", "queue", "grid", "kiosk", "accessible"}

// maxPackageLines is the most production lines a package under tui/ has.
const maxPackageLines = 3000

// TestPackageLayers holds the package split of issue 22 to its rules: no
// package imports one above it (board knows no grid, ui no pane, no pane
// the root), testkit is imported by tests only, and no package, the root
// included, grows beyond maxPackageLines production lines.
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
		lines := 0
		for _, f := range files {
			test := strings.HasSuffix(f, "_test.go")
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if !test {
				lines += strings.Count(string(src), "\n")
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
				if (pkg == "abfahrt/tui/search" || pkg == "abfahrt/tui/mapview" || pkg == "abfahrt/tui/statefile") && strings.HasPrefix(imp, "abfahrt/tui") {
					t.Errorf("%s: a leaf library imports %s", f, imp)
				}
			}
		}
		if lines > maxPackageLines {
			t.Errorf("%s has %d production lines, more than %d", pkg, lines, maxPackageLines)
		}
		t.Logf("%-28s %5d lines", pkg, lines)
	}
}
