//nolint:misspell // mosquitto is the broker's name
package hubtest

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"io"
	"math/big"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"
)

// MosquittoBin is the broker's binary: Debian's package mosquitto. Missing,
// the tests skip, except under CI=true, where they fail.
func MosquittoBin(t *testing.T) string {
	t.Helper()
	for _, p := range []string{"mosquitto", "/usr/sbin/mosquitto"} {
		if path, err := exec.LookPath(p); err == nil {
			return path
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("mosquitto is not installed (apt-get install mosquitto); CI must have it")
	}
	t.Skip("mosquitto is not installed; apt-get install mosquitto to run the MQTT tests")
	return ""
}

// Broker is a mosquitto on a loopback port with a config of its own.
type Broker struct {
	t    *testing.T
	bin  string
	dir  string
	port int
	conf string
	cmd  *exec.Cmd
	Log  *LockedBuffer
}

// LockedBuffer is a bytes.Buffer safe for a process's output and a
// test's reads at once.
type LockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

// Write appends p.
func (l *LockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

// String is what was written.
func (l *LockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// FreePort is a loopback port free a moment ago.
func FreePort(t *testing.T) int {
	t.Helper()
	var lc net.ListenConfig
	ln, err := lc.Listen(context.Background(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = ln.Close() }()
	a, _ := ln.Addr().(*net.TCPAddr) //nolint:errcheck // a TCP listener
	return a.Port
}

// NewBroker writes the broker's config (a listener on loopback and the
// lines of extra) and starts it unless start is false.
func NewBroker(t *testing.T, extra string, start bool) *Broker {
	t.Helper()
	b := &Broker{t: t, bin: MosquittoBin(t), dir: t.TempDir(), port: FreePort(t), Log: &LockedBuffer{}}
	b.conf = filepath.Join(b.dir, "mosquitto.conf")
	conf := fmt.Sprintf("per_listener_settings false\npersistence false\nlog_dest stderr\nlog_type all\nlistener %d 127.0.0.1\n", b.port)
	if u, err := user.Current(); err == nil {
		// Started as root, mosquitto would become the user mosquitto,
		// who cannot read the test's files.
		conf = "user " + u.Username + "\n" + conf
	}
	if !strings.Contains(extra, "allow_anonymous") {
		conf += "allow_anonymous true\n"
	}
	if err := os.WriteFile(b.conf, []byte(conf+extra), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(b.Stop)
	if start {
		b.Start()
	}
	return b
}

// Addr is the broker's host:port.
func (b *Broker) Addr() string { return fmt.Sprintf("127.0.0.1:%d", b.port) }

// Start starts the broker and waits until it listens.
func (b *Broker) Start() {
	b.t.Helper()
	b.cmd = exec.CommandContext(context.Background(), b.bin, "-c", b.conf) //nolint:gosec // the test's own broker and config
	b.cmd.Stdout, b.cmd.Stderr = b.Log, b.Log
	if err := b.cmd.Start(); err != nil {
		b.t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		d := net.Dialer{Timeout: time.Second}
		c, err := d.DialContext(context.Background(), "tcp", b.Addr())
		if err == nil {
			_ = c.Close()
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	b.t.Fatalf("mosquitto did not listen on %s: %s", b.Addr(), b.Log.String())
}

// Stop kills the broker (retained messages go with it: no persistence).
func (b *Broker) Stop() {
	if b.cmd == nil || b.cmd.Process == nil {
		return
	}
	_ = b.cmd.Process.Kill()
	_ = b.cmd.Wait()
	b.cmd = nil
}

// Msg is one message a subscriber got.
type Msg struct {
	Topic    string
	Payload  string
	Retained bool
	At       time.Time
}

// Subscriber subscribes as Home Assistant does: to the discovery prefix and the
// state topics.
type Subscriber struct {
	C  paho.Client
	mu sync.Mutex
	ms []Msg
}

// Subscribe connects to server (tcp:// or ssl://) and subscribes to
// topics, again after each reconnection.
func Subscribe(t *testing.T, server string, opts func(*paho.ClientOptions), topics ...string) *Subscriber {
	t.Helper()
	h := &Subscriber{}
	o := paho.NewClientOptions().AddBroker(server).SetClientID(fmt.Sprintf("ha-%d", time.Now().UnixNano())).
		SetAutoReconnect(true).SetConnectRetry(true).SetConnectRetryInterval(100 * time.Millisecond).SetMaxReconnectInterval(200 * time.Millisecond).
		SetOrderMatters(true)
	if opts != nil {
		opts(o)
	}
	o.SetOnConnectHandler(func(c paho.Client) {
		for _, tp := range topics {
			c.Subscribe(tp, 1, func(_ paho.Client, m paho.Message) {
				h.mu.Lock()
				h.ms = append(h.ms, Msg{Topic: m.Topic(), Payload: string(m.Payload()), Retained: m.Retained(), At: time.Now()})
				h.mu.Unlock()
			}).Wait()
		}
	})
	h.C = paho.NewClient(o)
	tok := h.C.Connect()
	if !tok.WaitTimeout(10*time.Second) || tok.Error() != nil {
		t.Fatalf("subscriber: %v", tok.Error())
	}
	t.Cleanup(func() { h.C.Disconnect(0) })
	time.Sleep(100 * time.Millisecond) // the subscriptions
	return h
}

// On returns the messages on topic so far.
func (h *Subscriber) On(topic string) []Msg {
	h.mu.Lock()
	defer h.mu.Unlock()
	var out []Msg
	for _, m := range h.ms {
		if m.Topic == topic {
			out = append(out, m)
		}
	}
	return out
}

// Wait waits up to d for a message on topic, after the first skip ones,
// whose payload satisfies ok (nil: any).
func (h *Subscriber) Wait(t *testing.T, topic string, skip int, d time.Duration, ok func(string) bool) Msg {
	t.Helper()
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		ms := h.On(topic)
		for _, m := range ms[min(skip, len(ms)):] {
			if ok == nil || ok(m.Payload) {
				return m
			}
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("no fitting message on %s within %s; got %d: %v", topic, d, len(h.On(topic)), h.On(topic))
	return Msg{}
}

// Proxy passes connections to the broker and can cut them as a dying
// host does: without a DISCONNECT, so the broker sends the last will.
type Proxy struct {
	ln    net.Listener
	to    string
	mu    sync.Mutex
	conns []net.Conn
	held  bool // new connections are closed at once (the host is dead)
}

// Hold makes the proxy close new connections at once (true) or pass them.
func (p *Proxy) Hold(on bool) {
	p.mu.Lock()
	p.held = on
	p.mu.Unlock()
}

// NewProxy listens on loopback and passes connections to to.
func NewProxy(t *testing.T, to string) *Proxy {
	t.Helper()
	var lc net.ListenConfig
	ln, err := lc.Listen(context.Background(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &Proxy{ln: ln, to: to}
	t.Cleanup(func() { _ = ln.Close(); p.Cut() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			p.mu.Lock()
			held := p.held
			p.mu.Unlock()
			if held {
				_ = c.Close()
				continue
			}
			d := net.Dialer{Timeout: 2 * time.Second}
			up, err := d.DialContext(context.Background(), "tcp", to)
			if err != nil {
				_ = c.Close()
				continue
			}
			p.mu.Lock()
			p.conns = append(p.conns, c, up)
			p.mu.Unlock()
			go func() { _, _ = io.Copy(up, c); _ = up.Close() }()
			go func() { _, _ = io.Copy(c, up); _ = c.Close() }()
		}
	}()
	return p
}

// Addr is the proxy's host:port.
func (p *Proxy) Addr() string { return p.ln.Addr().String() }

// Cut closes every connection at once.
func (p *Proxy) Cut() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range p.conns {
		if tc, ok := c.(*net.TCPConn); ok {
			_ = tc.SetLinger(0)
		}
		_ = c.Close()
	}
	p.conns = nil
}

// MakeCA writes a CA and a server certificate for 127.0.0.1 signed by it
// into dir: ca.pem, server.pem, server.key.
func MakeCA(t *testing.T, dir, prefix string) (ca, cert, key string) {
	t.Helper()
	caKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	caTmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "abfahrt test CA " + prefix},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour), IsCA: true,
		KeyUsage: x509.KeyUsageCertSign | x509.KeyUsageDigitalSignature, BasicConstraintsValid: true}
	caDER, err := x509.CreateCertificate(rand.Reader, caTmpl, caTmpl, &caKey.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	caCert, err := x509.ParseCertificate(caDER)
	if err != nil {
		t.Fatal(err)
	}
	srvKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	srvTmpl := &x509.Certificate{SerialNumber: big.NewInt(2), Subject: pkix.Name{CommonName: "127.0.0.1"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)}, DNSNames: []string{"localhost"},
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}
	srvDER, err := x509.CreateCertificate(rand.Reader, srvTmpl, caCert, &srvKey.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, err := x509.MarshalECPrivateKey(srvKey)
	if err != nil {
		t.Fatal(err)
	}
	write := func(name, typ string, der []byte) string {
		p := filepath.Join(dir, prefix+name)
		if err := os.WriteFile(p, pem.EncodeToMemory(&pem.Block{Type: typ, Bytes: der}), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	return write("ca.pem", "CERTIFICATE", caDER), write("server.pem", "CERTIFICATE", srvDER), write("server.key", "EC PRIVATE KEY", keyDER)
}

// TLSFor trusts the CA in file.
func TLSFor(t *testing.T, file string) *tls.Config {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(b)
	return &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}
}

// RunCmd runs a program of the mosquitto package.
func RunCmd(name string, args ...string) (string, error) {
	out, err := exec.CommandContext(context.Background(), name, args...).CombinedOutput() //nolint:gosec // the test's own arguments
	return string(out), err
}
