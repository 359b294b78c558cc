// Package usage marks errors in how abfahrt was called: the command line
// exits 2 for them and points at --help.
package usage

import (
	"errors"
	"fmt"
)

// Error is an error in how abfahrt was called.
type Error struct{ Err error }

// Error is the cause's message.
func (e Error) Error() string { return e.Err.Error() }

// Unwrap is the cause.
func (e Error) Unwrap() error { return e.Err }

// Errorf is a usage error of the formatted message.
func Errorf(format string, a ...any) error { return Error{fmt.Errorf(format, a...)} }

// Wrap marks err as a usage error; nil stays nil.
func Wrap(err error) error {
	if err == nil {
		return nil
	}
	return Error{err}
}

// Is reports whether err is (or wraps) a usage error.
func Is(err error) bool {
	var u Error
	return errors.As(err, &u)
}
