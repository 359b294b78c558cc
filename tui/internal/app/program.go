package app

// abfahrt paints its frames itself (tui/internal/screen) and runs Bubble
// Tea without its renderer. Bubble Tea v1's renderer wakes on a ticker at
// the frame rate to look for a new frame, paints only on that tick (the
// first frame waited up to 100 ms for it), and writes every changed line
// whole with every span's style again: on an idle board most of its CPU
// and bytes. abfahrt's renderer paints a frame when the model changed, at
// most maxFPS a second, and writes only the cells that changed.
//
// Without its renderer Bubble Tea neither sets the terminal up (raw mode,
// alternate screen, cursor, bracketed paste) nor asks its size: that is
// the terminal type's (terminal_unix.go) for the process's own terminal,
// and the caller's (the size) for an SSH session.

// maxFPS caps the frames painted a second, on average (four may come at
// once after a quiet time). Frames are painted when the model changed,
// not on a ticker, so the cap costs nothing at rest; it only merges
// bursts (16 boards answering at once, a held key) into a frame every
// 33 ms.
const MaxFPS = 30
