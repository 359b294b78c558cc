package config

import (
	"reflect"
	"strings"
	"testing"
)

// TestKeysDocumentEveryKey: every key of the file's types is listed once
// with a type, a default and a meaning, and no meaning is left over for a
// key the types no longer have.
func TestKeysDocumentEveryKey(t *testing.T) {
	keys := Keys()
	seen := map[string]bool{}
	for _, k := range keys {
		if seen[k.Key] {
			t.Errorf("%s listed twice", k.Key)
		}
		seen[k.Key] = true
		if k.Type == "" || k.Default == "" || k.Doc == "" {
			t.Errorf("%s: type %q, default %q, doc %q: all three are needed", k.Key, k.Type, k.Default, k.Doc)
		}
	}
	for key := range keyDocs {
		if !seen[key] {
			t.Errorf("%s is documented but no type has it", key)
		}
	}
	if len(keys) < 40 {
		t.Errorf("only %d keys", len(keys))
	}
}

// TestKeysReadTheTypes: what a reader of the reference sees for a few keys
// of each shape.
func TestKeysReadTheTypes(t *testing.T) {
	want := map[string]KeyDoc{
		"poll_interval":               {Key: "poll_interval", Type: "duration", Default: "15s"},
		"kiosk.enabled":               {Key: "kiosk.enabled", Type: "boolean", Default: "false"},
		"kiosk.quit_key":              {Key: "kiosk.quit_key", Type: "string", Default: "ctrl+q"},
		"line_colors.LINE":            {Key: "line_colors.LINE", Type: "string"},
		"layouts.NAME.boards[].lines": {Key: "layouts.NAME.boards[].lines", Type: "array of strings", Default: "all"},
		"layouts.NAME.boards[].walk":  {Key: "layouts.NAME.boards[].walk", Type: "duration"},
		"connections[].stop":          {Key: "connections[].stop", Type: "integer"},
		"remind_before":               {Key: "remind_before", Type: "duration"},
	}
	got := map[string]KeyDoc{}
	for _, k := range Keys() {
		got[k.Key] = k
	}
	for key, w := range want {
		g, ok := got[key]
		if !ok {
			t.Errorf("no key %s", key)
			continue
		}
		if g.Type != w.Type || (w.Default != "" && g.Default != w.Default) {
			t.Errorf("%s: %+v, want type %q default %q", key, g, w.Type, w.Default)
		}
	}
	// The file accepts exactly these keys: each listed leaf decodes.
	if reflect.TypeFor[Config]().NumField() < 20 || !strings.HasPrefix(Keys()[0].Key, "api") {
		t.Errorf("keys do not start with api: %v", Keys()[0])
	}
}
