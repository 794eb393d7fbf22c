package oplog

import "strings"

// browserMarks are checked in order: browsers built on Chrome or Safari name
// those too, so the more specific mark comes first.
var browserMarks = []struct{ mark, name string }{
	{"Edg/", "Edge"},
	{"EdgA/", "Edge"},
	{"EdgiOS/", "Edge"},
	{"Edge/", "Edge"},
	{"OPR/", "Opera"},
	{"Firefox/", "Firefox"},
	{"FxiOS/", "Firefox"},
	{"CriOS/", "Chrome"},
	{"Chrome/", "Chrome"},
	{"Version/", "Safari"}, // Safari's own version; checked only when "Safari/" is present
}

// ParseUserAgent names the browser (with its major version) and the
// operating system of a User-Agent header; "" when not recognised.
func ParseUserAgent(ua string) (browser, os string) {
	return parseBrowser(ua), parseOS(ua)
}

func parseBrowser(ua string) string {
	for _, b := range browserMarks {
		i := strings.Index(ua, b.mark)
		if i < 0 {
			continue
		}
		if b.name == "Safari" && !strings.Contains(ua, "Safari/") {
			continue
		}
		if b.name == "Chrome" && strings.Contains(ua, "Chromium/") {
			return "Chromium" + major(ua[strings.Index(ua, "Chromium/")+len("Chromium/"):])
		}
		return b.name + major(ua[i+len(b.mark):])
	}
	return ""
}

// major is " 120" for "120.0.6099.109 Safari/537.36", "" when there is no number.
func major(rest string) string {
	n := 0
	for n < len(rest) && rest[n] >= '0' && rest[n] <= '9' {
		n++
	}
	if n == 0 {
		return ""
	}
	return " " + rest[:n]
}

func parseOS(ua string) string {
	switch {
	case strings.Contains(ua, "Windows"):
		return "Windows"
	case strings.Contains(ua, "iPhone"), strings.Contains(ua, "iPad"), strings.Contains(ua, "iPod"):
		return "iOS"
	case strings.Contains(ua, "Android"):
		return "Android"
	case strings.Contains(ua, "Mac OS X"), strings.Contains(ua, "Macintosh"):
		return "macOS"
	case strings.Contains(ua, "CrOS"):
		return "ChromeOS"
	case strings.Contains(ua, "Linux"), strings.Contains(ua, "X11"):
		return "Linux"
	}
	return ""
}
