// Package auth signs users in and out: captchas, password hashes, throttling
// of failures, sessions with short-lived access tokens and rotating refresh
// tokens, and the resolution of an access token into the caller (Principal).
// All state lives in the database, so several app instances agree.
package auth

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"strings"
	"time"

	"golang.org/x/crypto/bcrypt"
)

// Throttling of sign-in failures.
const (
	FailureWindow     = 15 * time.Minute
	MaxUserFailures   = 5
	MaxIPFailures     = 20
	CaptchaTTL        = 2 * time.Minute
	captchaLen        = 4
	refreshTokenBytes = 32
)

// Tokens is the answer to a sign-in or a refresh.
type Tokens struct {
	TokenType    string `json:"tokenType"`
	AccessToken  string `json:"accessToken"`
	RefreshToken string `json:"refreshToken"`
	ExpiresIn    int64  `json:"expiresIn"` // seconds until the access token expires
}

// HashPassword hashes with bcrypt at the given cost.
func HashPassword(pw string, cost int) (string, error) {
	b, err := bcrypt.GenerateFromPassword([]byte(pw), cost)
	return string(b), err
}

// PasswordMatches compares a password with its hash.
func PasswordMatches(hash, pw string) bool {
	return bcrypt.CompareHashAndPassword([]byte(hash), []byte(pw)) == nil
}

// RandomPassword makes a password for the first administrator.
func RandomPassword() string {
	const alphabet = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789"
	b := make([]byte, 14)
	rand.Read(b)
	for i := range b {
		b[i] = alphabet[int(b[i])%len(alphabet)]
	}
	return string(b)
}

func randomToken() string {
	b := make([]byte, refreshTokenBytes)
	rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

func hashToken(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

func hashAnswer(key, answer string) string {
	return hashToken(key + ":" + strings.ToLower(strings.TrimSpace(answer)))
}
