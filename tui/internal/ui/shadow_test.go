package ui

import (
	"reflect"
	"testing"
)

// No text of an embedded catalogue is shadowed by a field of the same
// name higher up: tx.Loading once meant the board's "Loading %s…" where
// the ladder meant its own "loading the line…", and the ladder showed the
// format verb.
func TestNoCatalogueTextIsShadowed(t *testing.T) {
	seen := map[string]string{}
	var walk func(tp reflect.Type, path string)
	walk = func(tp reflect.Type, path string) {
		for i := range tp.NumField() {
			f := tp.Field(i)
			if f.Anonymous && f.Type.Kind() == reflect.Struct {
				walk(f.Type, path+f.Name+".")
				continue
			}
			if !f.IsExported() {
				continue
			}
			if other, ok := seen[f.Name]; ok {
				t.Errorf("%s%s and %s share a name: one shadows the other", path, f.Name, other)
				continue
			}
			seen[f.Name] = path + f.Name
		}
	}
	walk(reflect.TypeFor[Texts](), "")
}
