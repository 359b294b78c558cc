package search

import (
	"unicode"
	"unicode/utf8"
)

// latinBase holds the base letter of every rune from U+00C0 to U+017F
// (Latin-1 Supplement letters and Latin Extended-A), upper and lower case
// alike. '*' marks runes folded by foldRune itself (ligatures, ß, thorn, the
// multiplication and division signs).
const latinBase = "" +
	"aaaaaa*ceeeeiiiidnooooo*ouuuuy**" + // U+00C0 À … U+00DF ß
	"aaaaaa*ceeeeiiiidnooooo*ouuuuy*y" + // U+00E0 à … U+00FF ÿ
	"aaaaaaccccccccddddeeeeeeeeeegggggggghhhh" + // U+0100 Ā … U+0127 ħ
	"iiiiiiiiii**jjkkkllllllllllnnnnnnnnnoooooo**" + // U+0128 Ĩ … U+0153 œ
	"rrrrrrsssssssstttttt" + // U+0154 Ŕ … U+0167 ŧ
	"uuuuuuuuuuuuwwyyyzzzzzzs" // U+0168 Ũ … U+017F ſ

const (
	latinFirst = 0xC0
	latinLast  = 0x17F
)

// Fold folds s for German-insensitive matching: lower case, umlauts to their
// base vowel (ä→a, ö→o, ü→u), ß and ẞ to "ss", other Latin diacritics
// stripped (é→e, ł→l, ø→o), ligatures spelled out (æ→ae, œ→oe), combining
// marks dropped and control characters turned into spaces. Invalid UTF-8
// bytes become U+FFFD. Fold never changes the number of words.
//
// Fold does not turn "ae", "oe" or "ue" into a single vowel: [Index.Search]
// tries that spelling of the query in addition to the folded one.
func Fold(s string) string {
	return string(appendFold(make([]byte, 0, len(s)), s, nil))
}

// appendFold appends the folded form of s to dst. When runeOf is not nil, it
// also appends, for every byte written, the index of the rune of s that
// produced it, so that match offsets in the folded key map back to runes.
func appendFold(dst []byte, s string, runeOf *[]int32) []byte {
	ri := int32(0)
	for _, r := range s {
		a, b := foldRune(r)
		before := len(dst)
		if a >= 0 {
			dst = utf8.AppendRune(dst, a)
		}
		if b > 0 {
			dst = utf8.AppendRune(dst, b)
		}
		if runeOf != nil {
			for range len(dst) - before {
				*runeOf = append(*runeOf, ri)
			}
		}
		ri++
	}
	return dst
}

// foldRune returns the folded form of r as one or two runes. a < 0 drops r;
// b == 0 means a alone.
func foldRune(r rune) (a, b rune) {
	switch {
	case r < utf8.RuneSelf:
		switch {
		case 'A' <= r && r <= 'Z':
			return r + 'a' - 'A', 0
		case r < ' ' || r == 0x7f:
			return ' ', 0
		}
		return r, 0
	case r >= latinFirst && r <= latinLast:
		if c := latinBase[r-latinFirst]; c != '*' {
			return rune(c), 0
		}
		switch r {
		case 'Æ', 'æ':
			return 'a', 'e'
		case 'Œ', 'œ':
			return 'o', 'e'
		case 'Þ', 'þ':
			return 't', 'h'
		case 'ß':
			return 's', 's'
		case 'Ĳ', 'ĳ':
			return 'i', 'j'
		}
		return r, 0 // × and ÷
	case r == 'ẞ':
		return 's', 's'
	case unicode.Is(unicode.Mn, r):
		return -1, 0
	case unicode.IsControl(r):
		return ' ', 0
	}
	if lr := unicode.ToLower(r); lr != r {
		return foldRune(lr) // e.g. Å (Angstrom sign) → å → a
	}
	return r, 0
}

// umlautVariant returns w with "ae", "oe" and "ue" replaced by "a", "o" and
// "u", the way Germans type umlauts on keyboards without them, and whether
// anything changed.
func umlautVariant(w string) (string, bool) {
	var out []byte
	for i := 0; i < len(w); i++ {
		c := w[i]
		if i+1 < len(w) && w[i+1] == 'e' && (c == 'a' || c == 'o' || c == 'u') {
			if out == nil {
				out = append(make([]byte, 0, len(w)), w[:i]...)
			}
			out = append(out, c)
			i++
			continue
		}
		if out != nil {
			out = append(out, c)
		}
	}
	if out == nil {
		return w, false
	}
	return string(out), true
}

// runeMask returns a 64-bit set of the runes in s: one bit per letter a-z and
// digit, the remaining bits shared by all other runes. A key can only match a
// query whose mask is a subset of its own. Spaces are not counted.
func runeMask(s string) uint64 {
	var m uint64
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z':
			m |= 1 << (c - 'a')
		case c >= '0' && c <= '9':
			m |= 1 << (26 + c - '0')
		case c == ' ':
		case c < utf8.RuneSelf:
			m |= 1 << (36 + c%12)
		default:
			// Every byte of a multi-byte rune sets a bit; the set is the
			// same wherever the rune appears, which is all a mask needs.
			m |= 1 << (48 + c%16)
		}
	}
	return m
}

// isWordByte reports whether an ASCII byte is part of a word.
func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c >= 'A' && c <= 'Z'
}

// wordStartAt reports whether byte offset i of the folded key s starts a
// word: the start of s, or after a rune that is neither letter nor digit.
func wordStartAt(s string, i int) bool {
	if i == 0 {
		return true
	}
	if c := s[i-1]; c < utf8.RuneSelf {
		return !isWordByte(c)
	}
	r, _ := utf8.DecodeLastRuneInString(s[:i])
	return !unicode.IsLetter(r) && !unicode.IsDigit(r)
}
