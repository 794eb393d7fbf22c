package user

import (
	"bytes"
	"context"
	"crypto/tls"
	"encoding/base64"
	"fmt"
	"mime"
	"net"
	"net/mail"
	"net/smtp"
	"strconv"
	"time"
)

// mailConfigured reports whether e-mail can be sent.
func (s *Service) mailConfigured() bool { return s.opt.SendMail != nil || s.opt.SMTPHost != "" }

// MailConfigured and SendMail let other packages send through the same
// settings (auth.Mailer: password reset codes).
func (s *Service) MailConfigured() bool { return s.mailConfigured() }

// SendMail sends one plain-text e-mail.
func (s *Service) SendMail(ctx context.Context, to, subject, body string) error {
	return s.sendMail(ctx, to, subject, body)
}

func (s *Service) sendMail(ctx context.Context, to, subject, body string) error {
	if s.opt.SendMail != nil {
		return s.opt.SendMail(ctx, to, subject, body)
	}
	return sendSMTP(ctx, s.opt, to, subject, body, s.now())
}

// sendSMTP sends one plain-text message: implicit TLS on port 465, otherwise
// STARTTLS when the server offers it, and PLAIN authentication when a user
// is configured.
func sendSMTP(ctx context.Context, o Options, to, subject, body string, now time.Time) error {
	port := o.SMTPPort
	if port == 0 {
		port = 587
	}
	from := o.SMTPFrom
	if from == "" {
		from = o.SMTPUser
	}
	fromAddr, err := mail.ParseAddress(from)
	if err != nil {
		return fmt.Errorf("smtp: sender %q: %w", from, err)
	}
	addr := net.JoinHostPort(o.SMTPHost, strconv.Itoa(port))
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	dialer := &net.Dialer{}
	var conn net.Conn
	if port == 465 {
		conn, err = (&tls.Dialer{NetDialer: dialer, Config: &tls.Config{ServerName: o.SMTPHost}}).DialContext(ctx, "tcp", addr)
	} else {
		conn, err = dialer.DialContext(ctx, "tcp", addr)
	}
	if err != nil {
		return fmt.Errorf("smtp: dial %s: %w", addr, err)
	}
	deadline, _ := ctx.Deadline()
	conn.SetDeadline(deadline)
	c, err := smtp.NewClient(conn, o.SMTPHost)
	if err != nil {
		conn.Close()
		return fmt.Errorf("smtp: %w", err)
	}
	defer c.Close()
	if port != 465 {
		if ok, _ := c.Extension("STARTTLS"); ok {
			if err := c.StartTLS(&tls.Config{ServerName: o.SMTPHost}); err != nil {
				return fmt.Errorf("smtp: starttls: %w", err)
			}
		}
	}
	if o.SMTPUser != "" {
		if err := c.Auth(smtp.PlainAuth("", o.SMTPUser, o.SMTPPassword, o.SMTPHost)); err != nil {
			return fmt.Errorf("smtp: auth: %w", err)
		}
	}
	if err := c.Mail(fromAddr.Address); err != nil {
		return fmt.Errorf("smtp: mail from: %w", err)
	}
	if err := c.Rcpt(to); err != nil {
		return fmt.Errorf("smtp: rcpt to: %w", err)
	}
	w, err := c.Data()
	if err != nil {
		return fmt.Errorf("smtp: data: %w", err)
	}
	if _, err := w.Write(message(fromAddr, to, subject, body, now)); err != nil {
		return fmt.Errorf("smtp: write: %w", err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("smtp: send: %w", err)
	}
	return c.Quit()
}

// message is a UTF-8 plain-text e-mail with encoded headers.
func message(from *mail.Address, to, subject, body string, now time.Time) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "From: %s\r\n", from.String())
	fmt.Fprintf(&b, "To: %s\r\n", to)
	fmt.Fprintf(&b, "Subject: %s\r\n", mime.BEncoding.Encode("UTF-8", subject))
	fmt.Fprintf(&b, "Date: %s\r\n", now.Format(time.RFC1123Z))
	b.WriteString("MIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\nContent-Transfer-Encoding: base64\r\n\r\n")
	enc := base64.StdEncoding.EncodeToString([]byte(body))
	for len(enc) > 76 {
		b.WriteString(enc[:76] + "\r\n")
		enc = enc[76:]
	}
	b.WriteString(enc + "\r\n")
	return b.Bytes()
}
