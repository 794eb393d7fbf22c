package bill

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"cangshu/internal/db"
	"cangshu/internal/errs"
	"cangshu/internal/server"
)

// Attachments (附件) of documents, one mechanism for every kind: files
// kept under <data>/images/attachments/<bill id>/ (the folder backups copy
// and restores write back), named in bill_attachments. Whoever may see a
// document sees its files; whoever may edit documents of the kind adds and
// removes them, audited documents included (a file changes no figure: a
// delivery note signed after the goods left is the usual case). A
// document's delete removes its files; reset clears them.
//
// Role "signature" is the customer's signature: a PNG, at most one per
// document (signing again replaces it), printed in the signature block.

// Attachment limits.
const (
	MaxAttachmentBytes = 10 << 20 // one file
	MaxSignatureBytes  = 1 << 20
	MaxAttachments     = 20 // per document, the signature included
	MaxAttachmentName  = 100
	// RoleSignature is the role of a customer's signature.
	RoleSignature = "signature"
	attachDir     = "attachments"
)

const (
	labelAttachment errs.Key = "bill.field.attachment"
	labelRole       errs.Key = "bill.field.attachmentRole"
)

// Attachment is one file of a document (without its bytes).
type Attachment struct {
	ID          int64     `json:"id"`
	BillID      int64     `json:"billId"`
	Role        string    `json:"role"` // "" or "signature"
	Name        string    `json:"name"`
	ContentType string    `json:"contentType"`
	Size        int64     `json:"size"`
	UserName    string    `json:"userName"` // who added it
	CreateTime  time.Time `json:"createTime"`
}

// fileType is an accepted kind of file: its content type and the
// extensions a name may end with (the first is added when it ends with none
// of them).
type fileType struct {
	contentType string
	exts        []string
}

var (
	imageFileTypes = map[string]fileType{
		"image/jpeg": {"image/jpeg", []string{".jpg", ".jpeg"}},
		"image/png":  {"image/png", []string{".png"}},
		"image/gif":  {"image/gif", []string{".gif"}},
		"image/webp": {"image/webp", []string{".webp"}},
	}
	pdfType = fileType{"application/pdf", []string{".pdf"}}
	// Office Open XML (zip): by the folder of its main part.
	ooxmlTypes = map[string]fileType{
		"word/": {"application/vnd.openxmlformats-officedocument.wordprocessingml.document", []string{".docx"}},
		"xl/":   {"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", []string{".xlsx"}},
		"ppt/":  {"application/vnd.openxmlformats-officedocument.presentationml.presentation", []string{".pptx"}},
	}
	// OpenDocument (zip): by its mimetype entry.
	odfTypes = map[string]fileType{
		"application/vnd.oasis.opendocument.text":         {"application/vnd.oasis.opendocument.text", []string{".odt"}},
		"application/vnd.oasis.opendocument.spreadsheet":  {"application/vnd.oasis.opendocument.spreadsheet", []string{".ods"}},
		"application/vnd.oasis.opendocument.presentation": {"application/vnd.oasis.opendocument.presentation", []string{".odp"}},
	}
	// Office 97–2003 (OLE compound files): by the name's extension, since
	// the container alone does not tell a spreadsheet from an installer.
	oleTypes = map[string]fileType{
		".doc": {"application/msword", []string{".doc"}},
		".xls": {"application/vnd.ms-excel", []string{".xls"}},
		".ppt": {"application/vnd.ms-powerpoint", []string{".ppt"}},
	}
	oleMagic = []byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}
)

// sniff tells what a file is by its content (the name only picks among Office
// 97 formats): images (jpeg, png, gif, webp), PDF and office documents.
// Anything else, and Office files with macros, are refused (false).
func sniff(name string, data []byte) (fileType, bool) {
	ct := http.DetectContentType(data)
	if t, ok := imageFileTypes[ct]; ok {
		return t, true
	}
	switch {
	case ct == "application/pdf":
		return pdfType, true
	case bytes.HasPrefix(data, oleMagic):
		t, ok := oleTypes[strings.ToLower(filepath.Ext(name))]
		return t, ok
	case ct == "application/zip":
		return sniffZip(data)
	}
	return fileType{}, false
}

// sniffZip recognises Office Open XML and OpenDocument files; one carrying
// macros (vbaProject.bin, Basic/) is refused.
func sniffZip(data []byte) (fileType, bool) {
	z, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return fileType{}, false
	}
	var types bool
	var found fileType
	for _, f := range z.File {
		n := f.Name
		if strings.HasSuffix(strings.ToLower(n), "vbaproject.bin") || strings.HasPrefix(n, "Basic/") {
			return fileType{}, false
		}
		if n == "[Content_Types].xml" {
			types = true
		}
		for dir, t := range ooxmlTypes {
			if found.contentType == "" && strings.HasPrefix(n, dir) {
				found = t
			}
		}
		if n == "mimetype" && found.contentType == "" && f.UncompressedSize64 < 100 {
			rc, err := f.Open()
			if err != nil {
				return fileType{}, false
			}
			b, err := io.ReadAll(io.LimitReader(rc, 100))
			rc.Close()
			if err != nil {
				return fileType{}, false
			}
			if t, ok := odfTypes[strings.TrimSpace(string(b))]; ok {
				found, types = t, true
			}
		}
	}
	return found, types && found.contentType != ""
}

// cleanName is the file name as stored and shown: the last part of the
// path, without control and formatting characters (NUL, a right-to-left
// override that would disguise the extension), at most MaxAttachmentName
// characters, ending in an extension of its type.
func cleanName(name string, t fileType) string {
	name = strings.ReplaceAll(name, `\`, "/")
	if i := strings.LastIndex(name, "/"); i >= 0 {
		name = name[i+1:]
	}
	name = strings.Map(func(r rune) rune {
		switch {
		case unicode.IsSpace(r):
			return ' '
		case r == utf8.RuneError || unicode.IsControl(r) || unicode.Is(unicode.Cf, r):
			return -1
		}
		return r
	}, name)
	name = strings.Trim(name, " .")
	ext := filepath.Ext(name)
	if !slices.Contains(t.exts, strings.ToLower(ext)) {
		ext = t.exts[0]
	} else {
		name = name[:len(name)-len(ext)]
	}
	for utf8.RuneCountInString(name) > MaxAttachmentName-len(ext) {
		_, size := utf8.DecodeLastRuneInString(name)
		name = name[:len(name)-size]
	}
	name = strings.TrimRight(name, " .")
	if name == "" {
		name = "file"
	}
	return name + ext
}

// Upload is one uploaded file.
type Upload struct {
	Name string // as the browser sent it
	Size int64  // as the multipart header says
	Open func() (io.ReadCloser, error)
}

// readUpload reads an upload of at most max bytes.
func readUpload(u Upload, max int64) ([]byte, error) {
	tooLarge := errs.New(errs.KindTooLarge, errs.CodeTooLarge, "bill.err.attachmentTooLarge", errs.A("max", strconv.FormatInt(max>>20, 10)+" MB"))
	if u.Size > max {
		return nil, tooLarge
	}
	f, err := u.Open()
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > max {
		return nil, tooLarge
	}
	return data, nil
}

// visible answers 404 unless document id of kind k is in the caller's shop
// and its data rights let the caller see it.
func visible(ctx context.Context, q db.Querier, p *server.Principal, k *Kind, id int64) error {
	shopID, err := shopOf(p)
	if err != nil {
		return err
	}
	if _, found, err := readState(ctx, q, shopID, k.Name, id); err != nil {
		return fmt.Errorf("read bill %d: %w", id, err)
	} else if !found {
		return notFound(k)
	}
	return seen(ctx, q, p.Rights, k, id)
}

func listAttachments(ctx context.Context, q db.Querier, billID int64) ([]Attachment, error) {
	return db.All(ctx, q, func(r *sql.Rows, a *Attachment) error {
		return r.Scan(&a.ID, &a.BillID, &a.Role, &a.Name, &a.ContentType, &a.Size, &a.UserName, &a.CreateTime)
	}, `SELECT a.id, a.bill_id, a.role, a.name, a.content_type, a.size, COALESCE(u.nickname, ''), a.created_at
		FROM bill_attachments a LEFT JOIN users u ON u.id = a.user_id WHERE a.bill_id = ? ORDER BY a.id`, billID)
}

// Attachments lists the files of a document.
func (s *Service) Attachments(ctx context.Context, p *server.Principal, k *Kind, billID int64) ([]Attachment, error) {
	if err := visible(ctx, s.db, p, k, billID); err != nil {
		return nil, err
	}
	return listAttachments(ctx, s.db, billID)
}

// Attach stores a file (role "") or the customer's signature (role
// "signature", a PNG replacing the one before) of a document and answers
// it. file reads the upload once the document is known to be the
// caller's.
func (s *Service) Attach(ctx context.Context, p *server.Principal, k *Kind, billID int64, role string, file func() (Upload, error)) (Attachment, error) {
	var none Attachment
	if role != "" && role != RoleSignature {
		return none, errs.Field("role", "err.invalid", errs.A("field", labelRole))
	}
	// The document first: nothing is read for one the caller may not see.
	if err := visible(ctx, s.db, p, k, billID); err != nil {
		return none, err
	}
	u, err := file()
	if err != nil {
		return none, err
	}
	max := int64(MaxAttachmentBytes)
	if role == RoleSignature {
		max = MaxSignatureBytes
	}
	data, err := readUpload(u, max)
	if err != nil {
		return none, err
	}
	t, ok := sniff(u.Name, data)
	if !ok || (role == RoleSignature && t.contentType != "image/png") {
		key := "bill.err.attachmentType"
		if role == RoleSignature {
			key = "bill.err.signatureType"
		}
		return none, errs.Field("file", key, errs.A("name", cleanName(u.Name, fileType{exts: []string{""}})))
	}
	name := cleanName(u.Name, t)
	if role == RoleSignature {
		name = "signature.png"
	}
	rel := attachDir + "/" + strconv.FormatInt(billID, 10) + "/" + randomName() + t.exts[0]
	dest := filepath.Join(s.files, filepath.FromSlash(rel))
	var replaced []string
	var id int64
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := visible(ctx, tx, p, k, billID); err != nil {
			return err
		}
		if role == RoleSignature {
			var err error
			if replaced, err = attachmentFiles(ctx, tx, "bill_id = ? AND role = ?", billID, RoleSignature); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, "DELETE FROM bill_attachments WHERE bill_id = ? AND role = ?", billID, RoleSignature); err != nil {
				return err
			}
		}
		var n int
		if err := tx.QueryRow(ctx, "SELECT COUNT(*) FROM bill_attachments WHERE bill_id = ?", billID).Scan(&n); err != nil {
			return err
		}
		if n >= MaxAttachments {
			return errs.Conflict("bill.err.tooManyAttachments", errs.A("max", MaxAttachments))
		}
		if err := os.MkdirAll(filepath.Dir(dest), 0o755); err != nil {
			return fmt.Errorf("attachment folder: %w", err)
		}
		if err := os.WriteFile(dest, data, 0o644); err != nil {
			return fmt.Errorf("write attachment: %w", err)
		}
		return tx.QueryRow(ctx, `INSERT INTO bill_attachments (bill_id, role, name, file, content_type, size, user_id, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, billID, role, name, rel, t.contentType, len(data), nz(p.UserID), time.Now().UTC()).Scan(&id)
	})
	if err != nil {
		os.Remove(dest)
		return none, errs.Wrap("attach", err)
	}
	s.removeFiles(replaced)
	list, err := listAttachments(ctx, s.db, billID)
	if err != nil {
		return none, err
	}
	for _, a := range list {
		if a.ID == id {
			return a, nil
		}
	}
	return none, errs.NotFound(labelAttachment) // deleted meanwhile
}

// AttachmentFile is an attachment with its bytes.
type AttachmentFile struct {
	Attachment
	Data []byte
}

// attachmentOf reads attachment id of a document of kind k in the caller's
// shop that the caller may see, and its stored file name.
func attachmentOf(ctx context.Context, q db.Querier, p *server.Principal, k *Kind, id int64) (Attachment, string, error) {
	var a Attachment
	var file string
	shopID, err := shopOf(p)
	if err != nil {
		return a, "", err
	}
	err = q.QueryRow(ctx, `SELECT a.id, a.bill_id, a.role, a.name, a.content_type, a.size, a.created_at, a.file
		FROM bill_attachments a JOIN bills b ON b.id = a.bill_id WHERE a.id = ? AND b.shop_id = ? AND b.kind = ?`, id, shopID, k.Name).
		Scan(&a.ID, &a.BillID, &a.Role, &a.Name, &a.ContentType, &a.Size, &a.CreateTime, &file)
	if errors.Is(err, sql.ErrNoRows) {
		return a, "", errs.NotFound(labelAttachment)
	}
	if err != nil {
		return a, "", fmt.Errorf("read attachment %d: %w", id, err)
	}
	if err := seen(ctx, q, p.Rights, k, a.BillID); err != nil {
		return a, "", errs.NotFound(labelAttachment)
	}
	return a, file, nil
}

// AttachmentData is an attachment with its bytes.
func (s *Service) AttachmentData(ctx context.Context, p *server.Principal, k *Kind, id int64) (AttachmentFile, error) {
	a, file, err := attachmentOf(ctx, s.db, p, k, id)
	if err != nil {
		return AttachmentFile{}, err
	}
	data, err := os.ReadFile(filepath.Join(s.files, filepath.FromSlash(file)))
	if errors.Is(err, fs.ErrNotExist) {
		return AttachmentFile{}, errs.NotFound(labelAttachment)
	}
	if err != nil {
		return AttachmentFile{}, fmt.Errorf("read attachment %d: %w", id, err)
	}
	return AttachmentFile{Attachment: a, Data: data}, nil
}

// Detach deletes an attachment and its file.
func (s *Service) Detach(ctx context.Context, p *server.Principal, k *Kind, id int64) error {
	var file string
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var err error
		if _, file, err = attachmentOf(ctx, tx, p, k, id); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, "DELETE FROM bill_attachments WHERE id = ?", id)
		return err
	})
	if err != nil {
		return errs.Wrap("detach", err)
	}
	s.removeFiles([]string{file})
	return nil
}

// attachmentFiles are the stored files of the attachments matching where.
func attachmentFiles(ctx context.Context, q db.Querier, where string, args ...any) ([]string, error) {
	return db.All(ctx, q, func(r *sql.Rows, f *string) error { return r.Scan(f) },
		"SELECT file FROM bill_attachments WHERE "+where, args...)
}

// removeFiles deletes stored files once their rows are gone (a file that
// cannot be removed is left: the sweep after a reset takes it).
func (s *Service) removeFiles(files []string) {
	for _, f := range files {
		p := filepath.Join(s.files, filepath.FromSlash(f))
		os.Remove(p)
		os.Remove(filepath.Dir(p)) // the document's folder, when empty
	}
}

// SweepAttachments removes the stored attachment files that no row names
// and that were written before since (files written later may belong to an
// upload not committed yet): what a reset leaves. It answers how many.
func (s *Service) SweepAttachments(ctx context.Context, since time.Time) (int, error) {
	named, err := attachmentFiles(ctx, s.db, "1 = 1")
	if err != nil {
		return 0, fmt.Errorf("sweep attachments: %w", err)
	}
	keep := make(map[string]bool, len(named))
	for _, f := range named {
		keep[f] = true
	}
	root := filepath.Join(s.files, attachDir)
	n := 0
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil
			}
			return err
		}
		if d.IsDir() {
			return nil
		}
		rel, err := filepath.Rel(s.files, p)
		if err != nil || keep[filepath.ToSlash(rel)] {
			return err
		}
		if info, err := d.Info(); err != nil || !info.ModTime().Before(since) {
			return nil
		}
		if os.Remove(p) == nil {
			n++
			os.Remove(filepath.Dir(p))
		}
		return nil
	})
	return n, err
}

func randomName() string {
	b := make([]byte, 12)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// AttachmentOK tells whether a file found under a backup's images/ (rel:
// its path there) is one the attachments keep: a file below attachments/
// of an accepted type by content (sniff), at most MaxAttachmentBytes.
func AttachmentOK(rel string, data []byte) bool {
	if !strings.HasPrefix(rel, attachDir+"/") || len(data) > MaxAttachmentBytes {
		return false
	}
	_, ok := sniff(rel, data)
	return ok
}
