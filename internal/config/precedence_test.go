package config

import "testing"

func envOf(m map[string]string) Env {
	return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
}

// A flag wins over the environment, the environment over the file, the
// file over the default; each value says where it came from.
func TestPickPrecedence(t *testing.T) {
	env := envOf(map[string]string{"ABFAHRT_THEME": "light"})
	for _, c := range []struct {
		flag      bool
		env       Env
		file, def string
		want      Setting
	}{
		{true, env, "mono", "dark", Setting{"cvd", "flag --theme"}},
		{false, env, "mono", "dark", Setting{"light", "env ABFAHRT_THEME"}},
		{false, envOf(map[string]string{"ABFAHRT_THEME": ""}), "mono", "dark", Setting{"mono", "config"}},
		{false, envOf(nil), "", "dark", Setting{"dark", "default"}},
	} {
		if got := Pick(c.flag, "cvd", "flag --theme", c.env, "ABFAHRT_THEME", c.file, c.def); got != c.want {
			t.Errorf("Pick(flag %v, file %q) = %+v, want %+v", c.flag, c.file, got, c.want)
		}
	}
}

// A switch in the environment is on for 1, true, yes and on, in any case
// and with spaces, and off for anything else.
func TestPickBoolWords(t *testing.T) {
	for _, c := range []struct{ v, want string }{{"1", "true"}, {" Yes ", "true"}, {"ON", "true"}, {"true", "true"}, {"0", "false"}, {"nein", "false"}} {
		v, want := c.v, c.want
		if got := PickBool(false, false, "flag --accessible", envOf(map[string]string{"ABFAHRT_ACCESSIBLE": v}), "ABFAHRT_ACCESSIBLE", false); got.Value != want || got.From != "env ABFAHRT_ACCESSIBLE" {
			t.Errorf("ABFAHRT_ACCESSIBLE=%q: %+v, want %s", v, got, want)
		}
	}
	if got := PickBool(false, false, "flag --accessible", envOf(nil), "ABFAHRT_ACCESSIBLE", true); got != (Setting{"true", "config"}) {
		t.Errorf("file true: %+v", got)
	}
	if got := PickBool(true, false, "flag --accessible", envOf(map[string]string{"ABFAHRT_ACCESSIBLE": "1"}), "ABFAHRT_ACCESSIBLE", true); got != (Setting{"false", "flag --accessible"}) {
		t.Errorf("flag off over env and file: %+v", got)
	}
}

// --config names the file (it must exist), then ABFAHRT_CONFIG, then the
// default path (which may be missing).
func TestPathFor(t *testing.T) {
	if p, named := PathFor("/etc/a.toml", envOf(map[string]string{"ABFAHRT_CONFIG": "/b.toml"})); p != "/etc/a.toml" || !named {
		t.Errorf("flag: %s %v", p, named)
	}
	if p, named := PathFor("", envOf(map[string]string{"ABFAHRT_CONFIG": "/b.toml"})); p != "/b.toml" || !named {
		t.Errorf("env: %s %v", p, named)
	}
	if p, named := PathFor("", envOf(nil)); p != DefaultPath() || named {
		t.Errorf("default: %s %v", p, named)
	}
}
