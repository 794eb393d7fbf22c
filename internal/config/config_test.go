package config

import (
	"bytes"
	"strings"
	"testing"
)

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestDefaults(t *testing.T) {
	c, err := Load("t", nil, env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != ":8080" || c.DataDir != "./data" || c.DB != "" || !c.Captcha || c.AdminPassword != "" {
		t.Fatalf("defaults: %+v", c)
	}
}

func TestEnvironmentThenFlags(t *testing.T) {
	c, err := Load("t", []string{"-addr", ":9000"}, env(map[string]string{
		"CANGSHU_ADDR": ":7000", "CANGSHU_DATA": "/tmp/x", "CANGSHU_CAPTCHA": "off",
		"CANGSHU_DB": "postgres://u:secret@localhost/db", "CANGSHU_ADMIN_PASSWORD": "s3cret!",
	}))
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != ":9000" || c.DataDir != "/tmp/x" || c.Captcha || !c.IsPostgres() || c.AdminPassword != "s3cret!" {
		t.Fatalf("loaded: %+v", c)
	}
	var b bytes.Buffer
	c.Print(&b)
	if strings.Contains(b.String(), "secret") || strings.Contains(b.String(), "s3cret") {
		t.Fatalf("secrets printed:\n%s", b.String())
	}
}

func TestBadValues(t *testing.T) {
	for _, e := range []map[string]string{
		{"CANGSHU_CAPTCHA": "maybe"},
		{"CANGSHU_DB": "mysql://x"},
		{"CANGSHU_ADMIN_PASSWORD": "123"},
		{"CANGSHU_ACCESS_TTL": "soon"},
	} {
		if _, err := Load("t", nil, env(e)); err == nil {
			t.Errorf("%v accepted", e)
		}
	}
}

func TestTrustedProxies(t *testing.T) {
	c, err := Load("x", []string{"-trusted-proxies", "10.0.0.0/8, 192.168.1.7,::1"}, func(string) string { return "" })
	if err != nil || len(c.TrustedProxies) != 3 || c.TrustedProxies[1].String() != "192.168.1.7/32" || c.TrustedProxies[2].String() != "::1/128" {
		t.Fatalf("%v %v", c.TrustedProxies, err)
	}
	c, err = Load("x", nil, func(k string) string {
		if k == "CANGSHU_TRUSTED_PROXIES" {
			return "172.16.0.0/12"
		}
		return ""
	})
	if err != nil || len(c.TrustedProxies) != 1 {
		t.Fatalf("from the environment: %v %v", c.TrustedProxies, err)
	}
	if c, _ := Load("x", nil, func(string) string { return "" }); len(c.TrustedProxies) != 0 {
		t.Fatalf("default: %v", c.TrustedProxies)
	}
	if _, err := Load("x", []string{"-trusted-proxies", "10.0.0.0/33"}, func(string) string { return "" }); err == nil {
		t.Fatal("a bad prefix was accepted")
	}
}
