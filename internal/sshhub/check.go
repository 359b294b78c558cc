package sshhub

import (
	"net"
	"path/filepath"

	"abfahrt/internal/usage"
)

// Check checks the --ssh options and settles the authorized_keys file
// (default: authorized_keys in stateDir); its errors are usage errors.
func (o *Options) Check(stateDir string) error {
	if o.Addr == "" {
		return nil
	}
	if _, _, err := net.SplitHostPort(o.Addr); err != nil {
		return usage.Errorf("--ssh must be host:port such as 0.0.0.0:2222, got %q", o.Addr)
	}
	if o.MaxSessions < 1 || o.Idle < 0 {
		return usage.Errorf("--ssh-max-sessions must be at least 1 and --ssh-idle not negative (0: never)")
	}
	if o.LoginGrace <= 0 || o.MaxStartups < 1 || o.MaxStartupsPerIP < 1 {
		return usage.Errorf("--ssh-login-grace must be positive and --ssh-max-startups and --ssh-max-startups-per-ip at least 1")
	}
	if o.AuthorizedKeys == "" {
		o.AuthorizedKeys = filepath.Join(stateDir, "authorized_keys")
	}
	return nil
}
