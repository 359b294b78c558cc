// Package surface measures the surface between the packages under a
// directory: the types with the most methods, and the exported
// identifiers that only tests use (tui's layer test holds them to caps;
// go run ./internal/tools/surface/cmd/surface prints them).
//
// It reads the source with go/ast alone (no type checking), so a method
// or field counts as used in production when any production file under
// the directory selects a name like it: the count of test-only exports
// is a lower bound.
package surface

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// TypeCount is a type and the number of methods declared on it.
type TypeCount struct {
	Name    string
	Methods int
}

// Export is an exported identifier of a package: a top-level name, or
// Type.Name of a method or field.
type Export struct {
	Pkg  string
	Name string
}

// Surface is what Measure found.
type Surface struct {
	Types    []TypeCount // by methods, most first
	TestOnly []Export    // exported, used by tests only
}

// file is one parsed Go file of a package directory.
type file struct {
	dir  string
	test bool
	ast  *ast.File
}

// Measure reads every package directory under root.
func Measure(root string) (Surface, error) {
	var files []file
	fset := token.NewFileSet()
	mod, err := moduleRoot(root)
	if err != nil {
		return Surface{}, err
	}
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != root && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		abs, err := filepath.Abs(filepath.Dir(path))
		if err != nil {
			return err
		}
		dir, err := filepath.Rel(mod, abs)
		if err != nil {
			return err
		}
		files = append(files, file{dir: dir, test: strings.HasSuffix(path, "_test.go"), ast: f})
		return nil
	})
	if err != nil {
		return Surface{}, err
	}
	var s Surface
	methods := map[string]int{}
	type decl struct {
		Export
		top bool   // a top-level name (else a method or field)
		sel string // the name a use selects
	}
	var decls []decl
	for _, f := range files {
		if f.test {
			continue
		}
		pkg := filepath.ToSlash(f.dir)
		for _, d := range f.ast.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv != nil {
					recv := recvName(d.Recv.List[0].Type)
					methods[pkg+"."+recv]++
					if d.Name.IsExported() && ast.IsExported(recv) {
						decls = append(decls, decl{Export{pkg, recv + "." + d.Name.Name}, false, d.Name.Name})
					}
				} else if d.Name.IsExported() {
					decls = append(decls, decl{Export{pkg, d.Name.Name}, true, d.Name.Name})
				}
			case *ast.GenDecl:
				for _, sp := range d.Specs {
					switch sp := sp.(type) {
					case *ast.TypeSpec:
						if !sp.Name.IsExported() {
							continue
						}
						decls = append(decls, decl{Export{pkg, sp.Name.Name}, true, sp.Name.Name})
						if st, ok := sp.Type.(*ast.StructType); ok {
							for _, fl := range st.Fields.List {
								for _, n := range fl.Names {
									if n.IsExported() {
										decls = append(decls, decl{Export{pkg, sp.Name.Name + "." + n.Name}, false, n.Name})
									}
								}
							}
						}
					case *ast.ValueSpec:
						for _, n := range sp.Names {
							if n.IsExported() {
								decls = append(decls, decl{Export{pkg, n.Name}, true, n.Name})
							}
						}
					}
				}
			}
		}
	}
	for k, n := range methods {
		s.Types = append(s.Types, TypeCount{k, n})
	}
	sort.Slice(s.Types, func(i, j int) bool {
		if s.Types[i].Methods != s.Types[j].Methods {
			return s.Types[i].Methods > s.Types[j].Methods
		}
		return s.Types[i].Name < s.Types[j].Name
	})
	// Uses: every identifier outside its own declaration, by whether a
	// production or a test file uses it. A top-level name is used as a
	// bare identifier in its package and as pkg.Name elsewhere; a method
	// or field as .Name or a key Name: in a composite literal.
	prod, test := map[string]bool{}, map[string]bool{}
	for _, f := range files {
		uses := test
		if !f.test {
			uses = prod
		}
		pkg := filepath.ToSlash(f.dir)
		visitIdent := func(n ast.Node, pkg string, uses map[string]bool) bool {
			return visit(n, pkg, imports(f.ast), uses)
		}
		ast.Inspect(f.ast, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				// its name is a declaration, not a use
				if n.Recv != nil {
					ast.Inspect(n.Recv, func(c ast.Node) bool { return visitIdent(c, pkg, uses) })
				}
				if n.Type != nil {
					ast.Inspect(n.Type, func(c ast.Node) bool { return visitIdent(c, pkg, uses) })
				}
				if n.Body != nil {
					ast.Inspect(n.Body, func(c ast.Node) bool { return visitIdent(c, pkg, uses) })
				}
				return false
			case *ast.TypeSpec:
				ast.Inspect(n.Type, func(c ast.Node) bool { return visitIdent(c, pkg, uses) })
				return false
			case *ast.ValueSpec:
				if n.Type != nil {
					ast.Inspect(n.Type, func(c ast.Node) bool { return visitIdent(c, pkg, uses) })
				}
				for _, v := range n.Values {
					ast.Inspect(v, func(c ast.Node) bool { return visitIdent(c, pkg, uses) })
				}
				return false
			}
			return true
		})
	}
	for _, d := range decls {
		key := "." + d.sel // a member's uses
		if d.top {
			key = d.Pkg + "." + d.sel
		}
		if !prod[key] && test[key] {
			s.TestOnly = append(s.TestOnly, d.Export)
		}
	}
	sort.Slice(s.TestOnly, func(i, j int) bool {
		a, b := s.TestOnly[i], s.TestOnly[j]
		if a.Pkg != b.Pkg {
			return a.Pkg < b.Pkg
		}
		return a.Name < b.Name
	})
	return s, nil
}

// visit records the uses in n: a selector x.Name as ".Name" (a member)
// and, when x names an import of the file (imps: name → directory under
// the module), as "dir.Name"; a bare identifier as "pkg.Name" of the
// file's own package.
func visit(n ast.Node, pkg string, imps map[string]string, uses map[string]bool) bool {
	switch n := n.(type) {
	case *ast.SelectorExpr:
		uses["."+n.Sel.Name] = true
		if x, ok := n.X.(*ast.Ident); ok {
			if dir, ok := imps[x.Name]; ok {
				uses[dir+"."+n.Sel.Name] = true
			}
			uses[pkg+"."+x.Name] = true
		} else {
			ast.Inspect(n.X, func(c ast.Node) bool { return visit(c, pkg, imps, uses) })
		}
		return false
	case *ast.KeyValueExpr:
		if k, ok := n.Key.(*ast.Ident); ok {
			uses["."+k.Name] = true
			uses[pkg+"."+k.Name] = true
		}
		ast.Inspect(n.Value, func(c ast.Node) bool { return visit(c, pkg, imps, uses) })
		return false
	case *ast.Ident:
		uses[pkg+"."+n.Name] = true
	}
	return true
}

// module is the module path the directories of imports are under.
const module = "abfahrt/"

// imports maps the names f imports packages under to their directories
// under the module.
func imports(f *ast.File) map[string]string {
	out := map[string]string{}
	for _, is := range f.Imports {
		path, err := strconv.Unquote(is.Path.Value)
		if err != nil || !strings.HasPrefix(path, module) {
			continue
		}
		name := path[strings.LastIndex(path, "/")+1:]
		if is.Name != nil {
			name = is.Name.Name
		}
		out[name] = strings.TrimPrefix(path, module)
	}
	return out
}

// moduleRoot is the directory of the go.mod above dir: packages are
// named by their directory under it ("tui/internal/board").
func moduleRoot(dir string) (string, error) {
	d, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d, nil
		}
		up := filepath.Dir(d)
		if up == d {
			return "", fmt.Errorf("no go.mod above %s", dir)
		}
		d = up
	}
}

// recvName is the name of a receiver's type.
func recvName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.StarExpr:
		return recvName(e.X)
	case *ast.IndexExpr:
		return recvName(e.X)
	case *ast.IndexListExpr:
		return recvName(e.X)
	case *ast.Ident:
		return e.Name
	}
	return "?"
}
