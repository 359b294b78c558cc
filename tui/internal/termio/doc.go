// Package termio holds the terminal modes the program asks for beside
// its frames, and reads what comes back: mouse reporting and the gate
// that lets at most MouseRate mouse events a second reach the model,
// the window title with its rate and its plain text
// (item 5), and the reply to the synchronized output query (item 7).
// The root package writes them at start and exit (tui/program.go).
package termio
