package history

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"time"
)

// An Answer is a raw answer of the service to a departure board request,
// as a recorder got it: kept gzip-compressed (table answers, schema
// version 4) for replay.
type Answer struct {
	// Subject is the board asked: "stop/1008" or "stoppoint/135001".
	Subject string
	// At is the answer's own time (its CurrentTimestamp).
	At time.Time
	// Gzip is the body, gzip-compressed.
	Gzip []byte
}

// Gzip compresses an answer's body.
func Gzip(body []byte) []byte {
	var b bytes.Buffer
	w, _ := gzip.NewWriterLevel(&b, gzip.BestCompression) // a valid level: no error
	_, _ = w.Write(body)                                  // a bytes.Buffer does not fail
	_ = w.Close()
	return b.Bytes()
}

// SaveAnswers writes answers in one transaction (an answer already kept
// for the same subject and time stays as it was).
func (s *Store) SaveAnswers(ctx context.Context, answers []Answer) error {
	ctx, cancel := s.Deadline(ctx) // a hostile or huge file never hangs a replay
	defer cancel()
	if len(answers) == 0 {
		return nil
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return s.wrap("saving raw answers", err)
	}
	defer func() { _ = tx.Rollback() }()
	st, err := tx.PrepareContext(ctx, s.bind(`INSERT INTO answers (subject, at, body) VALUES (?, ?, ?) ON CONFLICT (subject, at) DO NOTHING`))
	if err != nil {
		return s.wrap("saving raw answers", err)
	}
	defer func() { _ = st.Close() }()
	for _, a := range answers {
		if _, err := st.ExecContext(ctx, a.Subject, a.At.Unix(), a.Gzip); err != nil {
			return s.wrap("saving raw answers", err)
		}
	}
	return s.wrap("saving raw answers", tx.Commit())
}

// AnswerAt returns the body (uncompressed) of the last answer kept for
// subject at or before at, if there is one no older than window, and its
// time.
func (s *Store) AnswerAt(ctx context.Context, subject string, at time.Time, window time.Duration) ([]byte, time.Time, bool, error) {
	if s.version < 4 {
		return nil, time.Time{}, false, nil
	}
	return s.answerQuery(ctx, `SELECT at, body FROM answers WHERE subject = ? AND at <= ? AND at >= ? ORDER BY at DESC LIMIT 1`,
		subject, at.Unix(), at.Add(-window).Unix())
}

func gunzip(gz []byte) ([]byte, error) {
	r, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(r)
}

// PruneAnswers deletes the raw answers older than before and returns how
// many; of the base data (subjects "base/...", kept once a day) and the
// recording's origin ("simulated") the newest of each subject stays, so
// that a replay of what is left still has its stops.
func (s *Store) PruneAnswers(ctx context.Context, before time.Time) (int64, error) {
	ctx, cancel := s.Deadline(ctx) // a hostile or huge file never hangs a replay
	defer cancel()
	res, err := s.db.ExecContext(ctx, s.bind(`DELETE FROM answers WHERE at < ? AND (subject NOT LIKE 'base/%' AND subject <> 'simulated'
 OR at < (SELECT MAX(a.at) FROM answers a WHERE a.subject = answers.subject))`), before.Unix())
	if err != nil {
		return 0, s.wrap("pruning raw answers", err)
	}
	n, err := res.RowsAffected()
	return n, s.wrap("pruning raw answers", err)
}
