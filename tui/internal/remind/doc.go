// Package remind is the board's reminders: t on a row sets one for that
// departure; it warns ahead of the leave time (the bell, or a desktop
// notification while the terminal is not focused), follows the
// departure's delays, and persists in reminders.json until the departure
// has gone.
package remind
