package notice_test

import (
	"fmt"
	"strings"
	"testing"

	"cangshu/internal/notice"
)

// hostile are the payloads reported against notices (mutation XSS through SVG/MathML
// parsing, animate values, styles) and the classic ones.
var hostile = []string{
	`<svg><title><noscript><xmp></noscript><img src=x onerror=alert(document.domain)></xmp></noscript></title></svg>`,
	`<svg><style><img src=x onerror=alert(1)></style></svg>`,
	`<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>`,
	`<svg><a><animate attributeName=href values="javascript:alert(1)"/><text x=20 y=20>click</text></a></svg>`,
	`<p>hi</p><script>alert(1)</script>`,
	`<SCRIPT src=x></SCRIPT>`,
	`<img src="x.png" onerror="alert(1)">`,
	`<a href=" jav&#x09;ascript:alert(1)">x</a>`,
	`<a href="&#106;avascript:alert(1)">x</a>`,
	`<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>`,
	`<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">`,
	`<iframe src="https://example.com"></iframe>`,
	`<object data="x.swf"></object><embed src="x.swf">`,
	`<form action="https://x.test"><input formaction="javascript:x"></form>`,
	`<meta http-equiv="refresh" content="0;url=javascript:x">`,
	`<p style="background:url(javascript:alert(1))">x</p>`,
	`<div/onclick="x()">a</div>`,
	`<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>`,
	`<table><td background="javascript:alert(1)">x</td></table>`,
}

// TestSanitizeRemovesScriptKeepsContent: what the sanitiser answers holds
// no element, attribute or address that can run script, and keeps the
// editor's formatting.
func TestSanitizeRemovesScriptKeepsContent(t *testing.T) {
	t.Parallel()
	for _, in := range hostile {
		out := strings.ToLower(notice.SanitizeContent(in))
		for _, bad := range []string{"<script", "<svg", "<math", "<style", "<iframe", "<object", "<embed", "<form", "<meta", "<animate", "onerror", "onclick", "javascript:", "data:text", "image/svg", "<noscript", "<xmp"} {
			if strings.Contains(out, bad) {
				t.Errorf("%s\n→ %s (holds %s)", in, out, bad)
			}
		}
	}
	for in, want := range map[string]string{
		"plain text, 1 < 2 and onload=x":                 "plain text, 1 &lt; 2 and onload=x",
		`<p>Hi <b>there</b></p><ul><li>x</li></ul>`:      `<p>Hi <b>there</b></p><ul><li>x</li></ul>`,
		`<h3>T</h3><ol><li><i>a</i></li></ol>`:           `<h3>T</h3><ol><li><i>a</i></li></ol>`,
		`<a href="https://x.test/a?b=1">l</a>`:           `<a href="https://x.test/a?b=1" rel="nofollow noreferrer noopener" target="_blank">l</a>`,
		`<a href="mailto:a@b.test">m</a>`:                `<a href="mailto:a@b.test" rel="nofollow noreferrer">m</a>`,
		`<img src="data:image/png;base64,iVBORw0KGgo=">`: `<img src="data:image/png;base64,iVBORw0KGgo=">`,
		`<p>a</p><script>alert(1)</script>`:              `<p>a</p>`,
	} {
		if got := notice.SanitizeContent(in); got != want {
			t.Errorf("SanitizeContent(%s) = %s, want %s", in, got, want)
		}
	}
}

func TestHostileNoticeIsStoredSanitised(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	admin := e.Admin()
	for i, in := range hostile {
		id := create(t, admin, map[string]any{"title": fmt.Sprintf("t%d", i), "type": 1, "content": "<p>ok</p>" + in})
		var f struct {
			Content string `json:"content"`
		}
		admin.Do("GET", fmt.Sprintf("/api/notices/%d/form", id), nil).Want(200).Decode(&f)
		low := strings.ToLower(f.Content)
		if !strings.HasPrefix(f.Content, "<p>ok</p>") || strings.Contains(low, "onerror") || strings.Contains(low, "<svg") || strings.Contains(low, "javascript:") || strings.Contains(low, "<script") {
			t.Errorf("%s stored as %s", in, f.Content)
		}
		stored := e.Text("SELECT content FROM notices WHERE id = ?", id)
		if strings.Contains(strings.ToLower(stored), "onerror") || strings.Contains(strings.ToLower(stored), "<script") {
			t.Errorf("stored %s", stored)
		}
	}
	// A row written before the sanitiser is cleaned when read.
	e.Exec("UPDATE notices SET content = ? WHERE id = (SELECT MIN(id) FROM notices)", hostile[0])
	var d struct {
		Content string `json:"content"`
	}
	admin.Do("GET", "/api/notices/1/form", nil).Want(200).Decode(&d)
	if strings.Contains(d.Content, "onerror") {
		t.Errorf("old row read as %s", d.Content)
	}
}
