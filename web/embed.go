// Package web embeds the built single-page app (web/dist). Without a build,
// dist holds a placeholder page, so the Go code builds and tests without Node.
package web

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// FS is the built app, rooted at dist.
func FS() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err)
	}
	return sub
}
