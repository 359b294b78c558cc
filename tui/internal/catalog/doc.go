// Package catalog holds parts of the one text catalogue (English,
// German) that later issues added: the recorded history's, the kiosk's,
// the line ladder's and the exception queue's texts. ui.Texts embeds
// them, so they read as any other text (tx.HistNone).
package catalog
