package config

import (
	"strconv"
	"strings"
)

// Setting is one effective value and where it came from: "flag --api",
// "env ABFAHRT_API", "config" or "default".
type Setting struct {
	Value string
	From  string
}

// Env reads an environment variable (os.LookupEnv in production).
type Env func(string) (string, bool)

// PathFor resolves which configuration file to read: the --config flag's
// value, then ABFAHRT_CONFIG, then DefaultPath. It reports whether the
// file was named explicitly (and so must exist).
func PathFor(flagPath string, env Env) (path string, named bool) {
	if flagPath != "" {
		return flagPath, true
	}
	if p, ok := env("ABFAHRT_CONFIG"); ok && p != "" {
		return p, true
	}
	return DefaultPath(), false
}

// Pick applies flag > environment > file > default to one string setting.
func Pick(flagSet bool, flagVal, flagName string, env Env, envName, fileVal, def string) Setting {
	if flagSet {
		return Setting{flagVal, flagName}
	}
	if v, ok := env(envName); ok && v != "" {
		return Setting{v, "env " + envName}
	}
	if fileVal != "" {
		return Setting{fileVal, "config"}
	}
	return Setting{def, "default"}
}

// PickBool applies flag > environment > file > default (false) to a
// switch; the variable is on for 1, true, yes or on.
func PickBool(flagSet, flagVal bool, flagName string, env Env, envName string, fileVal bool) Setting {
	if flagSet {
		return Setting{strconv.FormatBool(flagVal), flagName}
	}
	if v, ok := env(envName); ok && v != "" {
		switch strings.ToLower(strings.TrimSpace(v)) {
		case "1", "true", "yes", "on":
			return Setting{"true", "env " + envName}
		}
		return Setting{"false", "env " + envName}
	}
	if fileVal {
		return Setting{"true", "config"}
	}
	return Setting{"false", "default"}
}
