package main

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"
)

// keyFixture records, for the two real captures, the wrapper keys and the
// flattened record keys with their JSON types ("string", "integer", "float",
// "boolean", "object", "array", "null").
func keyFixture(stopPoints, passage []byte) ([]byte, error) {
	out := map[string]map[string]map[string]string{}
	for _, c := range []struct {
		name, wrapper, list string
		raw                 []byte
	}{
		{"stoppoint_basic", "StopPointAttributes", "StopPointData", stopPoints},
		{"vehicle_passage", "VehiclePassage", "PassageData", passage},
	} {
		var doc map[string]map[string]interface{}
		if err := json.Unmarshal(c.raw, &doc); err != nil {
			return nil, fmt.Errorf("%s: %w", c.name, err)
		}
		w, ok := doc[c.wrapper]
		if !ok {
			return nil, fmt.Errorf("%s: no %s", c.name, c.wrapper)
		}
		wrapper := map[string]string{}
		for k, v := range w {
			wrapper[k] = jsonType(v)
		}
		records := map[string]string{}
		list, _ := w[c.list].([]interface{})
		for _, r := range list {
			flatten("", r, records)
		}
		out[c.name] = map[string]map[string]string{"wrapper": wrapper, "record": records}
	}
	b, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

func flatten(prefix string, v interface{}, into map[string]string) {
	m, ok := v.(map[string]interface{})
	if !ok {
		t := jsonType(v)
		if old, seen := into[prefix]; seen && old != t && old == "integer" && t == "float" {
			into[prefix] = "float"
		} else if !seen || old != "float" {
			into[prefix] = t
		}
		return
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		p := k
		if prefix != "" {
			p = prefix + "." + k
		}
		flatten(p, m[k], into)
	}
}

func jsonType(v interface{}) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		return "string"
	case bool:
		return "boolean"
	case float64:
		if x == math.Trunc(x) {
			return "integer"
		}
		return "float"
	case []interface{}:
		return "array"
	default:
		return "object"
	}
}
