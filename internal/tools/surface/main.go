// Command surface measures the surface between the packages under a
// directory (by default tui): the types with the most methods, and the
// exported identifiers that only tests use.
//
//	go run ./internal/tools/surface [-top N] [-list] [dir]
//
// It reads the source with go/ast alone (no type checking), so a method
// or field counts as used in production when any production file under
// dir selects a name like it: the count of test-only exports is a lower
// bound.
package main

import (
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

func main() {
	top := flag.Int("top", 5, "how many of the types with the most methods to list")
	list := flag.Bool("list", false, "list the test-only exports")
	flag.Parse()
	dir := "tui"
	if flag.NArg() > 0 {
		dir = flag.Arg(0)
	}
	s, err := Measure(dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "surface:", err)
		os.Exit(1)
	}
	for i, t := range s.Types {
		if i == *top {
			break
		}
		fmt.Printf("%3d methods  %s\n", t.Methods, t.Name)
	}
	byPkg := map[string]int{}
	for _, n := range s.TestOnly {
		byPkg[n.Pkg]++
	}
	pkgs := make([]string, 0, len(byPkg))
	for p := range byPkg {
		pkgs = append(pkgs, p)
	}
	sort.Strings(pkgs)
	total := 0
	for _, p := range pkgs {
		fmt.Printf("%3d test-only exports  %s\n", byPkg[p], p)
		total += byPkg[p]
	}
	fmt.Printf("%3d test-only exports in all\n", total)
	if *list {
		for _, n := range s.TestOnly {
			fmt.Printf("  %s %s\n", n.Pkg, n.Name)
		}
	}
}

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
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		files = append(files, file{dir: filepath.Dir(path), test: strings.HasSuffix(path, "_test.go"), ast: f})
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

// visitIdent records the uses in n: a selector x.Name as ".Name" (a
// member, or a package's name: "pkgdir.Name" cannot be told from it
// without types, so both are recorded), a bare identifier as
// "pkg.Name" of the file's own package.
func visitIdent(n ast.Node, pkg string, uses map[string]bool) bool {
	switch n := n.(type) {
	case *ast.SelectorExpr:
		uses["."+n.Sel.Name] = true
		if x, ok := n.X.(*ast.Ident); ok {
			uses["@"+x.Name+"."+n.Sel.Name] = true
			uses[pkg+"."+x.Name] = true
		} else {
			ast.Inspect(n.X, func(c ast.Node) bool { return visitIdent(c, pkg, uses) })
		}
		return false
	case *ast.KeyValueExpr:
		if k, ok := n.Key.(*ast.Ident); ok {
			uses["."+k.Name] = true
			uses[pkg+"."+k.Name] = true
		}
		ast.Inspect(n.Value, func(c ast.Node) bool { return visitIdent(c, pkg, uses) })
		return false
	case *ast.Ident:
		uses[pkg+"."+n.Name] = true
	}
	return true
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
