package feed

import (
	"reflect"
	"slices"

	"abfahrt/model"
)

// The service's text is untrusted (see model.CleanText). Every Decode
// function passes its result through clean before returning it, so every
// string of every model value the feed hands out, at any depth, is one line
// of visible text within its field's cap (model.TextCap). This is the only
// place text is cleaned: the caches (cache.go, disk.go) keep raw response
// bodies, never decoded values, and every body, fresh, revalidated or read
// back from the disk cache, reaches the caller through a Decode function.

// clean returns v with every string cleaned. v is modified in place where it
// holds slices, maps or pointers; the decoders own what they clean.
func clean[T any](v T) T {
	rv := reflect.ValueOf(&v).Elem()
	cleanValue(rv, "")
	return v
}

// cleanValue cleans the strings of v, which is settable, by the cap of the
// field named field that holds it.
func cleanValue(v reflect.Value, field string) {
	switch v.Kind() {
	default: // numbers, booleans, channels, functions: no text
	case reflect.String:
		if s := v.String(); s != "" {
			if c := model.CleanText(s, model.TextCap(field)); c != s {
				v.SetString(c)
			}
		}
	case reflect.Struct:
		t := v.Type()
		for i := range t.NumField() {
			f := t.Field(i)
			switch {
			case f.Anonymous:
				cleanValue(v.Field(i), field) // embedded: its fields carry their own names
			case f.IsExported():
				cleanValue(v.Field(i), f.Name)
			}
		}
	case reflect.Pointer:
		if !v.IsNil() {
			cleanValue(v.Elem(), field)
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			cleanValue(v.Index(i), field)
		}
	case reflect.Interface:
		if v.IsNil() {
			return
		}
		e := reflect.New(v.Elem().Type()).Elem()
		e.Set(v.Elem())
		cleanValue(e, field)
		v.Set(e)
	case reflect.Map:
		if v.IsNil() || v.Len() == 0 {
			return
		}
		cleanMap(v, field)
	}
}

// cleanMap replaces the map v by one with cleaned keys and values. Keys
// that clean to the same text keep the value of the first in sorted order,
// so the result does not depend on the map's iteration order.
func cleanMap(v reflect.Value, field string) {
	keys := v.MapKeys()
	if v.Type().Key().Kind() == reflect.String {
		slices.SortFunc(keys, func(a, b reflect.Value) int {
			switch {
			case a.String() < b.String():
				return -1
			case a.String() > b.String():
				return 1
			}
			return 0
		})
	}
	out := reflect.MakeMapWithSize(v.Type(), len(keys))
	for _, k := range keys {
		ck := reflect.New(k.Type()).Elem()
		ck.Set(k)
		cleanValue(ck, field)
		if out.MapIndex(ck).IsValid() {
			continue
		}
		cv := reflect.New(v.Type().Elem()).Elem()
		cv.Set(v.MapIndex(k))
		cleanValue(cv, field)
		out.SetMapIndex(ck, cv)
	}
	v.Set(out)
}
