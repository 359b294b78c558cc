package sim

// mix hashes its arguments into a well-distributed 64-bit value (splitmix64
// finaliser over a running combination). All randomness of the simulation
// derives from it, which keeps every output a pure function of its inputs.
func mix(vals ...uint64) uint64 {
	h := uint64(0x9e3779b97f4a7c15)
	for _, v := range vals {
		h ^= v + 0x9e3779b97f4a7c15 + (h << 6) + (h >> 2)
		h = splitmix(h)
	}
	return h
}

func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// unit maps a hash to [0, 1).
func unit(h uint64) float64 { return float64(h>>11) / (1 << 53) }

// rng is a tiny deterministic generator seeded from a hash.
type rng struct{ s uint64 }

func (r *rng) next() uint64 {
	r.s += 0x9e3779b97f4a7c15
	return splitmix(r.s)
}

// float returns a value in [0, 1).
func (r *rng) float() float64 { return unit(r.next()) }

// norm returns an approximately standard normal value (sum of uniforms).
func (r *rng) norm() float64 {
	return (r.float() + r.float() + r.float() + r.float() - 2) * 1.732
}

// intn returns a value in [0, n); n must be positive.
func (r *rng) intn(n int) int { return int(r.next() % uint64(n)) }
