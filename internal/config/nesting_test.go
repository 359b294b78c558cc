package config

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
)

// writeConfig writes a configuration file of body and returns its path.
func writeConfig(t *testing.T, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "config.toml")
	if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestConfigBombsRefused: configurations nested 10,000 deep (about 40 KB,
// which took the parser out of memory) are refused before parsing with
// the file's line, and refusing them allocates little more than the file.
func TestConfigBombsRefused(t *testing.T) {
	const n = 10000
	bombs := []struct{ name, body, line string }{
		{"inline tables", "theme = \"dark\"\nx = " + strings.Repeat("{a = ", n) + "1" + strings.Repeat("}", n) + "\n", ":2: nested 6 levels deep"},
		{"arrays", "\n\ny = " + strings.Repeat("[", n) + strings.Repeat("]", n) + "\n", ":3: nested 6 levels deep"},
		{"dotted key", strings.Repeat("a.", n) + "b = 1\n", ":1: nested 10000 levels deep"},
		{"table header", "[" + strings.Repeat("a.", n) + "b]\n", ":1: nested 10001 levels deep"},
		{"array of tables", "[[layouts.m.boards.x.y]]\n", ":1: nested 6 levels deep"},
		{"mixed", "[layouts.m]\nboards = [{lines = [[\"1\"]]}]\n", ":2: nested 6 levels deep"},
		{"inline dotted", "[layouts]\nm = {boards.x.y.z = [1]}\n", ":2: nested 6 levels deep"},
	}
	for _, b := range bombs {
		t.Run(b.name, func(t *testing.T) {
			p := writeConfig(t, b.body)
			var err error
			alloc := allocated(func() { _, err = Load(p, true) })
			if err == nil || !strings.HasPrefix(err.Error(), p+b.line) || !strings.Contains(err.Error(), "the config allows at most 5") {
				t.Fatalf("error %v, want %s%s…", err, p, b.line)
			}
			t.Logf("%d-byte file refused, %d bytes allocated", len(b.body), alloc)
			if limit := uint64(len(b.body)) + 1<<20; alloc > limit {
				t.Errorf("refusing a %d-byte file allocated %d bytes, want at most %d", len(b.body), alloc, limit)
			}
		})
	}
}

// TestConfigTooLarge: a file over 1 MiB is refused with its size, and an
// endless one is not read whole.
func TestConfigTooLarge(t *testing.T) {
	body := "# " + strings.Repeat("x", 2<<20) + "\n"
	p := writeConfig(t, body)
	_, err := Load(p, true)
	if want := p + ": file is " + strconv.Itoa(len(body)) + " bytes; the limit is 1 MiB"; err == nil || err.Error() != want {
		t.Errorf("%v, want %q", err, want)
	}
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	alloc := allocated(func() { _, err = Load("/dev/zero", true) })
	if err == nil || err.Error() != "/dev/zero: file is more than 1048576 bytes; the limit is 1 MiB" {
		t.Errorf("/dev/zero: %v", err)
	}
	if alloc > 8<<20 {
		t.Errorf("/dev/zero: %d bytes allocated", alloc)
	}
	// Exactly 1 MiB is still read.
	exact := "theme = \"mono\"\n#" + strings.Repeat("x", MaxSize-17) + "\n"
	if len(exact) != MaxSize {
		t.Fatalf("test file is %d bytes", len(exact))
	}
	if c, err := Load(writeConfig(t, exact), true); err != nil || c.Theme != "mono" {
		t.Errorf("a file of exactly 1 MiB: %v", err)
	}
}

// TestConfigBracketsInStringsAccepted: brackets in strings of every kind
// and in comments do not count, and the deepest nesting of the schema,
// in every spelling, is accepted.
func TestConfigBracketsInStringsAccepted(t *testing.T) {
	bodies := map[string]string{
		"strings and comments": `# {{{{ [[[[ [a.b.c.d.e.f]
theme = "mono" # {{{{[[[[
layout = "{{{{"
[layouts."{{{{"] # [[[[
[[layouts."{{{{".boards]]
stop = 1008
lines = ["{{{{[[[[", '[[[[{{{{', """
{{{{ [[[[ \""" ]]]] "
""", '''
[[[[ {{{{ '' ''', "a\"[[[[", "\\", 'x\']
platform = "[[[["
direction = """{{{{""""
`,
		"headers":     "layout = \"m\"\n[layouts.m]\n[[layouts.m.boards]]\nstop = 1008\nlines = [\"1\", \"2\"]\n",
		"inline":      "layout = \"m\"\nlayouts = {m = {boards = [{stop = 1008, lines = [\"1\"]}, {stoppoint = \"100821\"}]}}\n",
		"dotted":      "layouts.m.boards = [\n  {stop = 1008, lines = [\n    \"1\",\n  ]},\n]\n[kiosk]\nenabled = true\n",
		"quoted dots": "[line_colors]\n\"a.b.c.d.e.f.g\" = \"#FFFFFF\"\n",
	}
	for name, body := range bodies {
		t.Run(name, func(t *testing.T) {
			if _, err := Load(writeConfig(t, body), true); err != nil {
				t.Errorf("refused: %v", err)
			}
		})
	}
}

// TestCheckNestingLines: the line of a too deep nesting counts the lines
// of multi-line strings and arrays before it.
func TestCheckNestingLines(t *testing.T) {
	src := "a = \"\"\"\n\n\"\"\"\nb = [\n1,\n]\nc = '''\n'''\nd = [[[[[[1]]]]]]\n"
	err := checkNesting([]byte(src), MaxDepth)
	var d errTooDeep
	if !errors.As(err, &d) || d.line != 9 || d.depth != 6 {
		t.Errorf("%#v, want line 9 depth 6", err)
	}
	if p := filepath.Join("x", "y"); tooDeep(p, err).Error() != p+":9: nested 6 levels deep; the config allows at most 5" {
		t.Errorf("%v", tooDeep(p, err))
	}
}

// depthOf is how many tables and arrays nest in a decoded TOML value.
func depthOf(v any) int {
	d := 0
	switch v := v.(type) {
	case map[string]any:
		for _, e := range v {
			d = max(d, 1+depthOf(e))
		}
		if len(v) == 0 {
			d = 1
		}
	case []map[string]any:
		d = 1
		for _, e := range v {
			d = max(d, 1+depthOf(e))
		}
	case []any:
		d = 1
		for _, e := range v {
			d = max(d, 1+depthOf(e))
		}
	}
	return d
}

// FuzzCheckNesting compares the scan with the parser: for every document
// the parser accepts, the scan finds exactly the depth the decoded value
// has (too deep at one level less, fine at its depth).
func FuzzCheckNesting(f *testing.F) {
	for _, seed := range []string{
		"a = 1\n",
		"[a.b]\nc = [1, [2, {d = 3}]]\n",
		"[[a.b]]\n'c.d'.e = \"[[{{\"\n",
		"a = \"\"\"\n[[[\n\"\"\"\nb = '''{{{'''\n[x.\"y.z\"]\n",
		"a = [\n  [1], # [[[\n  [{b.c = 2}],\n]\n",
		"x = {a = {a = {a = {a = {a = {a = 1}}}}}}\n",
		"[layouts.m]\nboards = [{lines = [\"1\"]}]\n",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if checkNesting([]byte(src), 64) != nil {
			return
		}
		var v map[string]any
		if _, err := toml.Decode(src, &v); err != nil {
			return
		}
		root := 0
		for _, e := range v {
			root = max(root, depthOf(e))
		}
		if err := checkNesting([]byte(src), root); err != nil {
			t.Errorf("decoded depth %d, but the scan says %v", root, err)
		}
		if root > 0 && checkNesting([]byte(src), root-1) == nil {
			t.Errorf("decoded depth %d, but the scan finds no more than %d", root, root-1)
		}
	})
}
