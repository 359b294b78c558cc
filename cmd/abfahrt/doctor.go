package main

import (
	"os"

	"github.com/spf13/cobra"

	"abfahrt/internal/config"
	"abfahrt/internal/doctor"
	"abfahrt/internal/userenv"
)

// newDoctorCmd is `abfahrt doctor`: what a kiosk installer or a new user
// needs, checked one line each (✓, or what to do), exit 1 when something
// blocks abfahrt.
func newDoctorCmd(g *globals) *cobra.Command {
	return &cobra.Command{
		Use:   "doctor",
		Short: "Check the terminal, locale, data service, configuration and paths abfahrt needs",
		Long: `doctor checks what abfahrt needs on this machine, one line each: the
terminal (size, colours, the glyphs of a sample line to look at), the
locale, the data service (reachable, its clock against this machine's,
its version), the configuration (valid, which file), the state and
history paths (writable) and the history database (readable, size).
A line starts with ✓ when all is well, ! when it is worth a look and ✗
when it blocks abfahrt, with what to do; the exit code is 1 when a line
blocks.`,
		Example: "  abfahrt doctor\n  abfahrt doctor --api https://api.swu.de/mobility/v1",
		Args:    cobra.NoArgs,
		// The configuration is checked by doctor itself: a broken file is
		// one of its lines, not an error before it starts.
		PersistentPreRunE: func(*cobra.Command, []string) error { return nil },
		RunE: func(cmd *cobra.Command, _ []string) error {
			d := doctor.New(g.stdout)
			d.Terminal(g.stdout, os.LookupEnv)
			d.Locale(os.LookupEnv, userenv.Lang(os.LookupEnv))
			s, err := resolveSettings(cmd, g, os.LookupEnv)
			if err != nil {
				path, _ := config.PathFor(g.configPath, os.LookupEnv)
				d.Configuration(path, err)
			} else {
				g.s = s
				d.Configuration(s.configPath, nil)
				src, err := g.source()
				d.Service(cmd.Context(), src.client, src.name, err)
			}
			d.Paths(userenv.StateDir(os.LookupEnv))
			d.History(cmd.Context(), historyDB(""))
			return d.Err()
		},
	}
}
