package bill

import (
	"strings"
	"testing"
)

func TestCleanName(t *testing.T) {
	t.Parallel()
	pdf := fileType{"application/pdf", []string{".pdf"}}
	jpg := fileType{"image/jpeg", []string{".jpg", ".jpeg"}}
	for _, c := range []struct {
		in   string
		t    fileType
		want string
	}{
		{"a.pdf", pdf, "a.pdf"},
		{"A.PDF", pdf, "A.PDF"},
		{"photo.JPEG", jpg, "photo.JPEG"},
		{"photo.png", jpg, "photo.png.jpg"},
		{"C:\\Users\\x\\报价.pdf", pdf, "报价.pdf"},
		{"../../etc/passwd", pdf, "passwd.pdf"},
		{"bill\u202efdp.exe", pdf, "billfdp.exe.pdf"},
		{"tab\there\nnew.pdf", pdf, "tab here new.pdf"},
		{"  ..hidden.pdf. ", pdf, "hidden.pdf"},
		{"...", pdf, "file.pdf"},
		{".pdf", pdf, "pdf.pdf"},
		{"bad\xffutf8.pdf", pdf, "badutf8.pdf"},
		{strings.Repeat("x", 500), pdf, strings.Repeat("x", 96) + ".pdf"},
	} {
		if got := cleanName(c.in, c.t); got != c.want {
			t.Errorf("cleanName(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestSniff(t *testing.T) {
	t.Parallel()
	ole := append([]byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}, make([]byte, 100)...)
	for _, c := range []struct {
		name string
		data []byte
		want string // "" = refused
	}{
		{"a.gif", []byte("GIF89a\x01\x00\x01\x00"), "image/gif"},
		{"a.pdf", []byte("%PDF-1.7"), "application/pdf"},
		{"a.doc", ole, "application/msword"},
		{"a.PPT", ole, "application/vnd.ms-powerpoint"},
		{"a.msi", ole, ""},
		{"a.pdf", []byte("<!DOCTYPE html><p>"), ""},
		{"a.pdf", []byte("PK\x03\x04 broken zip"), ""},
		{"a.pdf", nil, ""},
	} {
		got, ok := sniff(c.name, c.data)
		if (c.want == "") == ok || got.contentType != c.want {
			t.Errorf("sniff(%q) = %q %v, want %q", c.name, got.contentType, ok, c.want)
		}
	}
}
