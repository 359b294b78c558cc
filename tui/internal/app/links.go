package app

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"abfahrt/tui/internal/ui"
)

// Hyperlinks: a board's stop name and a vehicle's
// number link (OSC 8) to a page of the user's choosing, made from a URL
// template per kind ([links] in the configuration). The renderer
// (tui/internal/screen) carries the links cell by cell.

// The values of --hyperlinks and hyperlinks = ….
const (
	HyperlinksAuto   = "auto"   // on in terminals known to show them (HyperlinksFor)
	HyperlinksAlways = "always" // on whatever the terminal
	HyperlinksNever  = "never"  // off
)

// HyperlinkModes are the values of --hyperlinks.
var HyperlinkModes = []string{HyperlinksAuto, HyperlinksAlways, HyperlinksNever}

// HyperlinksFor resolves mode for the terminal the environment names:
// always and never are themselves; auto is off inside tmux or screen (they
// pass OSC 8 on only when configured to), on the Linux console and on a
// dumb terminal, on in terminals known to show hyperlinks (kitty, iTerm2,
// WezTerm, Ghostty, foot, Alacritty, Windows Terminal, VS Code, VTE 0.50
// and later: GNOME Terminal, Tilix), and off where support is unknown.
func HyperlinksFor(mode string, getenv func(string) string) bool {
	switch mode {
	case HyperlinksAlways:
		return true
	case HyperlinksNever:
		return false
	}
	term, prog := getenv("TERM"), getenv("TERM_PROGRAM")
	switch {
	case getenv("TMUX") != "" || getenv("STY") != "" || strings.HasPrefix(term, "screen") || strings.HasPrefix(term, "tmux") ||
		prog == "tmux" || term == "linux" || term == "dumb" || term == "":
		return false
	case getenv("KITTY_WINDOW_ID") != "" || term == "xterm-kitty" || term == "xterm-ghostty" || strings.HasPrefix(term, "foot") ||
		term == "alacritty" || term == "wezterm":
		return true
	case prog == "iTerm.app" || prog == "WezTerm" || prog == "ghostty" || prog == "vscode" || getenv("WT_SESSION") != "":
		return true
	}
	if v, err := strconv.Atoi(getenv("VTE_VERSION")); err == nil && v >= 5000 {
		return true
	}
	return false
}

// On is l when mode links in the terminal of the environment
// (HyperlinksFor), else no links at all.
func (l Links) On(mode string, getenv func(string) string) Links {
	if !HyperlinksFor(mode, getenv) {
		return Links{}
	}
	return l
}

// Links are the URL templates of what is linked; "" links nothing of
// that kind. A stop's template fills in {stop} (its number) and {name};
// a vehicle's {vehicle} (its number). The values are percent-encoded.
type Links struct {
	Stop, Vehicle string
}

// The placeholders of each kind of template.
var (
	StopPlaceholders    = []string{"{stop}", "{name}"}
	VehiclePlaceholders = []string{"{vehicle}"}
)

// maxLinkURL is the longest URL linked (the renderer's limit: terminals
// refuse longer ones); maxTemplate the longest template.
const (
	maxLinkURL  = 2048
	maxTemplate = 1024
)

// Link is text linked to url (OSC 8, ended by ST: a BEL is the
// reminder's bell), or text itself when url is "". url comes from a
// template (fill): printable ASCII.
func Link(url, text string) string {
	if url == "" {
		return text
	}
	return "\x1b]8;;" + url + "\x1b\\" + text + "\x1b]8;;\x1b\\"
}

// LinkPadLeft is text left-padded (or cut) to w cells, painted, with the
// text and not its padding linked to url: a column of numbers whose
// links start at the number.
func LinkPadLeft(paint func(...string) string, url, text string, w int) string {
	p := ui.PadLeft(text, w)
	if url == "" {
		return paint(p)
	}
	k := len(p) - len(text)
	if k <= 0 || p[k:] != text {
		return Link(url, paint(p)) // cut: all of it
	}
	return paint(p[:k]) + Link(url, paint(text))
}

// LinkPad is text right-padded (or cut) to w cells, painted, with the
// text and not its padding linked to url.
func LinkPad(paint func(...string) string, url, text string, w int) string {
	p := ui.Pad(text, w)
	if url == "" {
		return paint(p)
	}
	if len(p) <= len(text) || p[:len(text)] != text {
		return Link(url, paint(p))
	}
	return Link(url, paint(text)) + paint(p[len(text):])
}

// StopURL is the URL of stop number stop named name, "" when stops are
// not linked, the template names the name and it is not known (yet), or
// the URL would be too long.
func (l Links) StopURL(stop int, name string) string {
	if l.Stop == "" || stop <= 0 || name == "" && strings.Contains(l.Stop, "{name}") {
		return ""
	}
	return fill(l.Stop, "{stop}", strconv.Itoa(stop), "{name}", name)
}

// VehicleURL is the URL of vehicle number n, "" when vehicles are not
// linked.
func (l Links) VehicleURL(n int) string {
	if l.Vehicle == "" || n <= 0 {
		return ""
	}
	return fill(l.Vehicle, "{vehicle}", strconv.Itoa(n))
}

// fill replaces the placeholders of tmpl (pairs of placeholder and value)
// by their percent-encoded values.
func fill(tmpl string, pairs ...string) string {
	var sb strings.Builder
	for tmpl != "" {
		i := strings.IndexByte(tmpl, '{')
		if i < 0 {
			sb.WriteString(tmpl)
			break
		}
		sb.WriteString(tmpl[:i])
		tmpl = tmpl[i:]
		done := false
		for k := 0; k+1 < len(pairs); k += 2 {
			if strings.HasPrefix(tmpl, pairs[k]) {
				escapeValue(&sb, pairs[k+1])
				tmpl, done = tmpl[len(pairs[k]):], true
				break
			}
		}
		if !done {
			sb.WriteByte('{')
			tmpl = tmpl[1:]
		}
	}
	if sb.Len() > maxLinkURL {
		return ""
	}
	return sb.String()
}

// escapeValue writes v percent-encoded: every byte but the unreserved
// characters of RFC 3986 (letters, digits, - . _ ~), so a value can break
// neither the URL nor the escape sequence it is written in.
func escapeValue(sb *strings.Builder, v string) {
	const hex = "0123456789ABCDEF"
	for i := 0; i < len(v); i++ {
		c := v[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~' {
			sb.WriteByte(c)
			continue
		}
		sb.WriteByte('%')
		sb.WriteByte(hex[c>>4])
		sb.WriteByte(hex[c&15])
	}
}

// CheckLinkTemplate says what is wrong with a URL template whose
// placeholders are known ("" is no template and fine): it must be a URL
// with a scheme (https://…), of printable ASCII without spaces (nothing
// that could end the escape sequence it is written in), at most 1024
// bytes, and name at least one of the placeholders and no other.
func CheckLinkTemplate(tmpl string, known []string) error {
	if tmpl == "" {
		return nil
	}
	if len(tmpl) > maxTemplate {
		return fmt.Errorf("is %d bytes long, at most %d", len(tmpl), maxTemplate)
	}
	for i := 0; i < len(tmpl); i++ {
		if c := tmpl[i]; c <= 0x20 || c >= 0x7f {
			return fmt.Errorf("must be printable ASCII without spaces or control characters (percent-encode others), got %q", tmpl)
		}
	}
	if !webURL(tmpl) {
		return fmt.Errorf("must be an http:// or https:// URL (a terminal opens links with a click; other schemes such as file: or javascript: are refused), got %q", tmpl)
	}
	uses := 0
	for rest := tmpl; ; {
		i := strings.IndexByte(rest, '{')
		if i < 0 {
			break
		}
		j := strings.IndexByte(rest[i:], '}')
		if j < 0 {
			return fmt.Errorf("has a '{' without its '}': %q", tmpl)
		}
		ph := rest[i : i+j+1]
		if !slices.Contains(known, ph) {
			return fmt.Errorf("unknown placeholder %s; it may use %s", ph, strings.Join(known, ", "))
		}
		uses++
		rest = rest[i+j+1:]
	}
	if uses == 0 {
		return fmt.Errorf("names none of %s, so every link would be the same: %q", strings.Join(known, ", "), tmpl)
	}
	return nil
}

// webURL reports whether tmpl starts with http:// or https:// (in any
// case) and a host: the only links a board hands a terminal, which opens
// them on a click. file:, javascript:, data: and the like would open
// local files or run code, and a template comes from a configuration
// file that can be shared.
func webURL(tmpl string) bool {
	for _, p := range []string{"https://", "http://"} {
		if len(tmpl) > len(p) && strings.EqualFold(tmpl[:len(p)], p) && tmpl[len(p)] != '/' {
			return true
		}
	}
	return false
}

// StopURL is the URL the name of stop links to (Links), "" for none.
func (s *Services) StopURL(stop int) string {
	return s.Links.StopURL(stop, s.Base.StopName(stop))
}
