package sim

import (
	"strconv"
	"time"

	"abfahrt/feed/internal/wire"
)

// timeLayout is the wire datetime format: local time with numeric offset.
const timeLayout = "2006-01-02T15:04:05-07:00"

// jw is a small append-only JSON writer: it keeps key order exactly as
// written and avoids reflection, which keeps live responses fast.
type jw struct {
	b     []byte
	comma bool
}

func (w *jw) pre() {
	if w.comma {
		w.b = append(w.b, ',')
	}
}

func (w *jw) open(c byte) {
	w.pre()
	w.b = append(w.b, c)
	w.comma = false
}

func (w *jw) close(c byte) {
	w.b = append(w.b, c)
	w.comma = true
}

func (w *jw) obj()    { w.open('{') }
func (w *jw) end()    { w.close('}') }
func (w *jw) arr()    { w.open('[') }
func (w *jw) endArr() { w.close(']') }

func (w *jw) key(k string) {
	w.pre()
	w.b = appendString(w.b, k)
	w.b = append(w.b, ':')
	w.comma = false
}

func (w *jw) str(s string) {
	w.pre()
	w.b = appendString(w.b, s)
	w.comma = true
}

func (w *jw) int(i int64) {
	w.pre()
	w.b = strconv.AppendInt(w.b, i, 10)
	w.comma = true
}

func (w *jw) float(f float64) {
	w.pre()
	w.b = strconv.AppendFloat(w.b, f, 'f', -1, 64)
	w.comma = true
}

func (w *jw) bool(v bool) {
	w.pre()
	w.b = strconv.AppendBool(w.b, v)
	w.comma = true
}

func (w *jw) null() {
	w.pre()
	w.b = append(w.b, "null"...)
	w.comma = true
}

// time writes a Unix time as a wire datetime in Europe/Berlin.
func (w *jw) time(t int64) {
	w.pre()
	w.b = append(w.b, '"')
	w.b = appendWireTime(w.b, t)
	w.b = append(w.b, '"')
	w.comma = true
}

// appendWireTime appends t as 2006-01-02T15:04:05-07:00 in Europe/Berlin
// (the same as AppendFormat with timeLayout, without parsing the layout).
func appendWireTime(b []byte, t int64) []byte {
	tm := time.Unix(t, 0).In(berlin)
	y, mo, d := tm.Date()
	hh, mm, ss := tm.Clock()
	_, off := tm.Zone()
	if y < 0 || y > 9999 {
		return tm.AppendFormat(b, timeLayout)
	}
	b = append(b, byte('0'+y/1000), byte('0'+y/100%10), byte('0'+y/10%10), byte('0'+y%10), '-')
	b = append2(b, int(mo))
	b = append(b, '-')
	b = append2(b, d)
	b = append(b, 'T')
	b = append2(b, hh)
	b = append(b, ':')
	b = append2(b, mm)
	b = append(b, ':')
	b = append2(b, ss)
	sign := byte('+')
	if off < 0 {
		sign, off = '-', -off
	}
	b = append(b, sign)
	b = append2(b, off/3600)
	b = append(b, ':')
	return append2(b, off%3600/60)
}

func append2(b []byte, v int) []byte { return append(b, byte('0'+v/10%10), byte('0'+v%10)) }

// raw appends an already encoded JSON value.
func (w *jw) raw(v []byte) {
	w.pre()
	w.b = append(w.b, v...)
	w.comma = true
}

func (w *jw) kstr(k, v string)         { w.key(k); w.str(v) }
func (w *jw) kint(k string, v int)     { w.key(k); w.int(int64(v)) }
func (w *jw) kint64(k string, v int64) { w.key(k); w.int(v) }
func (w *jw) kfloat(k string, v float64) {
	w.key(k)
	w.float(v)
}
func (w *jw) ktime(k string, t int64) { w.key(k); w.time(t) }

// appendString appends s as a JSON string; invalid UTF-8 becomes U+FFFD.
func appendString(b []byte, s string) []byte { return wire.AppendString(b, s) }
