// Command surface prints the surface between the packages under a
// directory (by default tui): the types with the most methods, and the
// exported identifiers that only tests use, per package.
//
//	go run ./internal/tools/surface/cmd/surface [-top N] [-list] [dir]
package main

import (
	"flag"
	"fmt"
	"os"
	"sort"

	"abfahrt/internal/tools/surface"
)

func main() {
	top := flag.Int("top", 5, "how many of the types with the most methods to list")
	list := flag.Bool("list", false, "list the test-only exports")
	flag.Parse()
	dir := "tui"
	if flag.NArg() > 0 {
		dir = flag.Arg(0)
	}
	s, err := surface.Measure(dir)
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
