// Package kiosk is the unattended station display, a Bubble Tea model of
// its own (kiosk_model.go): boards built like the grid's (kiosk.go), drawn
// large and readable from a distance (kiosk_view.go, kiosk_digits.go),
// with the first departures after display hours (kiosk_first.go) and
// layouts by time of day (profile.go).
package kiosk
