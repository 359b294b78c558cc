package remind

import "testing"

// auto picks the terminal's own sequence, and the bell inside tmux.
func TestNotifyFor(t *testing.T) {
	for _, c := range []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"TERM": "xterm-kitty"}, NotifyOSC99},
		{map[string]string{"TERM_PROGRAM": "iTerm.app"}, NotifyOSC9},
		{map[string]string{"TERM_PROGRAM": "WezTerm"}, NotifyOSC9},
		{map[string]string{"TERM": "foot"}, NotifyOSC777},
		{map[string]string{"TERM": "rxvt-unicode-256color"}, NotifyOSC777},
		{map[string]string{"TERM": "xterm-kitty", "TMUX": "/tmp/tmux-0/default,1,0"}, NotifyBell},
		{map[string]string{"TERM": "xterm-256color"}, NotifyBell},
	} {
		if got := NotifyFor("auto", func(k string) string { return c.env[k] }); got != c.want {
			t.Errorf("%v: %s, want %s", c.env, got, c.want)
		}
	}
	if got := NotifyFor(NotifyOSC9, func(string) string { return "" }); got != NotifyOSC9 {
		t.Errorf("a mode asked for is kept: %s", got)
	}
}
