// Package textout is the commands' plain-text output: aligned tables and
// the words of departures (clock times, delays, countdowns) in English
// and German.
package textout

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// Table is an aligned text table on a writer.
type Table struct{ tw *tabwriter.Writer }

// NewTable is a table on w whose first row is header.
func NewTable(w io.Writer, header ...string) *Table {
	t := &Table{tw: tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)}
	t.Row(header...)
	return t
}

// Row adds a row of cells.
func (t *Table) Row(cells ...string) { _, _ = fmt.Fprintln(t.tw, strings.Join(cells, "\t")) }

// Flush writes the table out.
func (t *Table) Flush() error { return t.tw.Flush() }

// Plural is n with the word for one or many: "1 board", "3 boards".
func Plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
