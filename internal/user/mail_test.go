package user

import (
	"bufio"
	"context"
	"database/sql"
	"encoding/base64"
	"errors"
	"mime"
	"net"
	"net/mail"
	"regexp"
	"strings"
	"testing"
	"time"

	"cangshu/internal/dbtest"
	"cangshu/internal/errs"
	"cangshu/internal/i18n"
	"cangshu/internal/server"
)

// fakeSMTP accepts messages on 127.0.0.1 and hands each one over.
func fakeSMTP(t *testing.T) (port int, got chan string) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	got = make(chan string, 4)
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			go serveSMTP(conn, got)
		}
	}()
	return ln.Addr().(*net.TCPAddr).Port, got
}

func serveSMTP(conn net.Conn, got chan string) {
	defer conn.Close()
	r := bufio.NewReader(conn)
	say := func(s string) { conn.Write([]byte(s + "\r\n")) }
	say("220 fake ESMTP")
	var msg strings.Builder
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		cmd := strings.ToUpper(strings.TrimSpace(line))
		switch {
		case strings.HasPrefix(cmd, "EHLO"):
			say("250-fake")
			say("250 8BITMIME")
		case strings.HasPrefix(cmd, "MAIL"), strings.HasPrefix(cmd, "RCPT"):
			msg.WriteString(line)
			say("250 ok")
		case cmd == "DATA":
			say("354 go on")
			for {
				l, err := r.ReadString('\n')
				if err != nil {
					return
				}
				if l == ".\r\n" {
					break
				}
				msg.WriteString(l)
			}
			say("250 queued")
			got <- msg.String()
		case cmd == "QUIT":
			say("221 bye")
			return
		default:
			say("250 ok")
		}
	}
}

func TestEmailCodeBySMTP(t *testing.T) {
	t.Parallel()
	d := dbtest.Open(t)
	ctx := context.Background()
	now := time.Now().UTC()
	var id int64
	if _, err := d.Exec(ctx, `INSERT INTO users (username, nickname, password_hash, created_at, updated_at)
		VALUES ('mailer', 'Mailer', 'x', ?, ?)`, now, now); err != nil {
		t.Fatal(err)
	}
	if err := d.QueryRow(ctx, "SELECT id FROM users WHERE username = 'mailer'").Scan(&id); err != nil {
		t.Fatal(err)
	}
	port, got := fakeSMTP(t)
	s := NewService(d, Options{PasswordCost: 4, SMTPHost: "127.0.0.1", SMTPPort: port, SMTPFrom: "Cangshu <noreply@example.com>"})
	who := &server.Principal{UserID: id, Username: "mailer"}
	if err := s.SendCode(ctx, who, i18n.EN, ChannelEmail, "mailer@example.com"); err != nil {
		t.Fatal(err)
	}
	var raw string
	select {
	case raw = <-got:
	case <-time.After(5 * time.Second):
		t.Fatal("no mail")
	}
	if !strings.Contains(raw, "MAIL FROM:<noreply@example.com>") || !strings.Contains(raw, "RCPT TO:<mailer@example.com>") {
		t.Fatalf("envelope: %s", raw)
	}
	m, err := mail.ReadMessage(strings.NewReader(raw[strings.Index(raw, "From:"):]))
	if err != nil {
		t.Fatal(err)
	}
	subject, _ := new(mime.WordDecoder).DecodeHeader(m.Header.Get("Subject"))
	if subject != "Cangshu verification code" || m.Header.Get("To") != "mailer@example.com" {
		t.Fatalf("headers %v", m.Header)
	}
	var body strings.Builder
	b64 := base64.NewDecoder(base64.StdEncoding, m.Body)
	buf := make([]byte, 4096)
	for {
		n, err := b64.Read(buf)
		body.Write(buf[:n])
		if err != nil {
			break
		}
	}
	code := regexp.MustCompile(`\b\d{6}\b`).FindString(body.String())
	if code == "" || !strings.Contains(body.String(), "valid for 5 minutes") {
		t.Fatalf("body %q", body.String())
	}
	if err := s.Bind(ctx, who, ChannelEmail, BindInput{Email: "mailer@example.com", Code: code}); err != nil {
		t.Fatal(err)
	}
	var email string
	d.QueryRow(ctx, "SELECT email FROM users WHERE id = ?", id).Scan(&email)
	if email != "mailer@example.com" {
		t.Fatalf("email %q", email)
	}
}

func TestEmailSendFailureDoesNotThrottle(t *testing.T) {
	t.Parallel()
	d := dbtest.Open(t)
	ctx := context.Background()
	now := time.Now().UTC()
	if _, err := d.Exec(ctx, `INSERT INTO users (username, nickname, password_hash, created_at, updated_at)
		VALUES ('mailer', 'Mailer', 'x', ?, ?)`, now, now); err != nil {
		t.Fatal(err)
	}
	var id int64
	d.QueryRow(ctx, "SELECT id FROM users WHERE username = 'mailer'").Scan(&id)
	fail := true
	var sent []string
	s := NewService(d, Options{SendMail: func(_ context.Context, to, subject, body string) error {
		if fail {
			return errors.New("connection refused")
		}
		sent = append(sent, to+"|"+subject+"|"+body)
		return nil
	}})
	who := &server.Principal{UserID: id, Username: "mailer"}
	err := s.SendCode(ctx, who, i18n.ZH, ChannelEmail, "m@example.com")
	if e, ok := errs.As(err); !ok || e.Key != "user.code.sendFailed" {
		t.Fatalf("err %v", err)
	}
	fail = false
	if err := s.SendCode(ctx, who, i18n.ZH, ChannelEmail, "m@example.com"); err != nil {
		t.Fatalf("retry after a failed send: %v", err)
	}
	if len(sent) != 1 || !strings.Contains(sent[0], "仓鼠进销存验证码") {
		t.Fatalf("sent %q", sent)
	}
	// An unreachable SMTP server is an error, not a hang.
	s2 := NewService(d, Options{SMTPHost: "127.0.0.1", SMTPPort: closedPort(t), SMTPFrom: "a@example.com"})
	s2.Now = func() time.Time { return time.Now().Add(time.Hour) }
	if err := s2.SendCode(ctx, who, i18n.EN, ChannelEmail, "m@example.com"); err == nil {
		t.Fatal("no error")
	}
}

func closedPort(t *testing.T) int {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	return p
}

func TestParseTimeRange(t *testing.T) {
	t.Parallel()
	day := func(s string) time.Time {
		d, _ := time.ParseInLocation(time.DateOnly, s, time.Local)
		return d.UTC()
	}
	tests := []struct {
		in       []string
		from, to time.Time
		bad      bool
	}{
		{nil, time.Time{}, time.Time{}, false},
		{[]string{"2026-01-01,2026-01-31"}, day("2026-01-01"), day("2026-02-01"), false},
		{[]string{"2026-01-01", "2026-01-31"}, day("2026-01-01"), day("2026-02-01"), false},
		{[]string{"2026-01-01 08:00:00", "2026-01-01 09:00:00"}, day("2026-01-01").Add(8 * time.Hour), day("2026-01-01").Add(9*time.Hour + time.Second), false},
		{[]string{",2026-01-31"}, time.Time{}, day("2026-02-01"), false},
		{[]string{"2026-02-01,2026-01-01"}, time.Time{}, time.Time{}, true},
		{[]string{"a,b,c"}, time.Time{}, time.Time{}, true},
		{[]string{"2026-13-01"}, time.Time{}, time.Time{}, true},
	}
	for _, tt := range tests {
		from, to, err := ParseTimeRange(tt.in)
		if (err != nil) != tt.bad || !from.Equal(tt.from) || !to.Equal(tt.to) {
			t.Errorf("%q: %v %v %v", tt.in, from, to, err)
		}
	}
}

func TestInputRules(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		email string
		ok    bool
	}{
		{"a@b.co", true}, {"first.last+tag@example.com.cn", true}, {"a@b", false}, {"@b.com", false},
		{"a b@c.com", false}, {"<a@b.com>", false}, {"a@b.com.", false}, {"a@.b.com", false},
	} {
		if validEmail(tt.email) != tt.ok {
			t.Errorf("validEmail(%q) = %v", tt.email, !tt.ok)
		}
	}
	for m, ok := range map[string]bool{"13800138000": true, "19912345678": true, "12800138000": false, "1380013800": false, "138001380001": false, "+8613800138000": false} {
		var f errs.Fields
		checkMobile(&f, "mobile", m, false)
		if (f.Len() == 0) != ok {
			t.Errorf("mobile %s: ok=%v", m, f.Len() == 0)
		}
	}
	if g, ok := parseChoice("女", "user.gender", 0, 0, 1, 2); !ok || g != 2 {
		t.Error("女")
	}
	if g, ok := parseChoice("female", "user.gender", 0, 0, 1, 2); !ok || g != 2 {
		t.Error("female")
	}
	if _, ok := parseChoice("3", "user.gender", 0, 0, 1, 2); ok {
		t.Error("3")
	}
	now := time.Now()
	for ago, want := range map[time.Duration]int{0: 60, 58500 * time.Millisecond: 2, 59 * time.Second: 1, 60 * time.Second: 0, time.Hour: 0} {
		if got := lastCodeWait(sql.NullTime{Time: now.Add(-ago), Valid: true}, now); got != want {
			t.Errorf("wait after %s: %d, want %d", ago, got, want)
		}
	}
	if lastCodeWait(sql.NullTime{}, now) != 0 {
		t.Error("first code waits")
	}
}
