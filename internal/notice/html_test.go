package notice

import "testing"

func TestUnsafeHTML(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"plain text, 1 < 2 and onload=x", ""},
		{`<p class="a">Hi <b>there</b><br/><img src="https://x.test/a.png" alt="on"></p>`, ""},
		{`<a href="mailto:a@b.test">mail</a><a href="/relative">r</a>`, ""},
		{`<img src="data:image/png;base64,AAAA">`, ""},
		{`<p>a</p><script>alert(1)</script>`, "<script>"},
		{`<ScRiPt>alert(1)</ScRiPt>`, "<script>"},
		{`<svg><script>alert(1)</script></svg>`, "<script>"},
		{`<img src=x onerror=alert(1)>`, "onerror"},
		{`<body ONLOAD="x()">`, "onload"},
		{`<div/onclick="x()">`, "onclick"},
		{`<a href="javascript:alert(1)">x</a>`, "href"},
		{`<a href="JaVaScRiPt:alert(1)">x</a>`, "href"},
		{`<a href="&#106;avascript:alert(1)">x</a>`, "href"},
		{`<a href="java&#x0A;script:alert(1)">x</a>`, "href"},
		{`<a href="vbscript:x">x</a>`, "href"},
		{`<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>`, "href"},
		{`<img src="data:image/svg+xml;base64,PHN2Zz4=">`, "src"},
		{`<iframe src="https://x.test"></iframe>`, "<iframe>"},
		{`<object data="x.swf"></object>`, "<object>"},
		{`<embed src="x.swf">`, "<embed>"},
		{`<form action="https://x.test"><input></form>`, "<form>"},
		{`<meta http-equiv="refresh" content="0;url=javascript:x">`, "<meta>"},
		{`<p style="width: expression(alert(1))">x</p>`, "style"},
		{`<p title="javascript: is a word">x</p>`, ""},
	} {
		if got := unsafeHTML(tt.in); got != tt.want {
			t.Errorf("unsafeHTML(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
