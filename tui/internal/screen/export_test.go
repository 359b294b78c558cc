package screen

// Terminal is the strict emulated terminal (vt_test.go) for the external
// tests of this package, which run the real program (program_test.go).
type Terminal struct{ v *vt }

// NewTerminal returns a w×h terminal whose content is unknown.
func NewTerminal(w, h int) *Terminal {
	v := newVT(w, h)
	v.fill(unknownCell)
	return &Terminal{v: v}
}

// Write feeds the terminal what a program wrote; an error is a byte or
// sequence the terminal refuses.
func (t *Terminal) Write(p []byte) (int, error) {
	if err := t.v.write(p); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Shows returns "" if the terminal shows exactly what frame means, else
// how it differs.
func (t *Terminal) Shows(frame string) string {
	want, err := loadFrame(frame, t.v.w, t.v.h)
	if err != nil {
		return "the frame: " + err.Error()
	}
	return t.v.diff(want)
}
