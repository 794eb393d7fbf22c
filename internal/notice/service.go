package notice

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"cangshu/internal/db"
	"cangshu/internal/errs"
	"cangshu/internal/server"
)

// Dictionaries that define the notice types and levels.
const (
	TypeDict  = "notice_type"
	LevelDict = "notice_level"
)

// QueryPerm lets its holder read every notice, published or not.
const QueryPerm = "sys:notice:query"

// Service keeps notices and their read state.
type Service struct{ db *db.DB }

// NewService makes the service.
func NewService(d *db.DB) *Service { return &Service{db: d} }

// Page lists notices for their administrators.
func (s *Service) Page(ctx context.Context, pq PageQuery) ([]Page, int, error) {
	pq.Title = strings.TrimSpace(pq.Title)
	return pageNotices(ctx, s.db, pq)
}

// Form returns one notice with its target users.
func (s *Service) Form(ctx context.Context, id int64) (Form, error) {
	return getForm(ctx, s.db, id)
}

// Create saves a new draft.
func (s *Service) Create(ctx context.Context, who *server.Principal, in Input) (int64, error) {
	if err := in.Validate(); err != nil {
		return 0, err
	}
	var id int64
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := checkRefs(ctx, tx, who, in); err != nil {
			return err
		}
		var err error
		id, err = insertNotice(ctx, tx, in, who.UserID)
		return err
	})
	return id, errs.Wrap("create notice", err)
}

// Update changes a draft or a revoked notice; a published one must be revoked first.
func (s *Service) Update(ctx context.Context, who *server.Principal, id int64, in Input) error {
	if err := in.Validate(); err != nil {
		return err
	}
	return errs.Wrap(fmt.Sprintf("update notice %d", id), s.db.InTx(ctx, func(tx *db.Tx) error {
		status, title, err := statusOf(ctx, tx, id)
		if err != nil {
			return err
		}
		if status == Published {
			return errs.Conflict("notice.editPublished", errs.A("title", title))
		}
		if err := checkRefs(ctx, tx, who, in); err != nil {
			return err
		}
		return updateNotice(ctx, tx, id, in)
	}))
}

// Delete removes notices, all or none; published notices are refused.
func (s *Service) Delete(ctx context.Context, ids []int64) error {
	slices.Sort(ids)
	ids = slices.Compact(ids)
	return errs.Wrap("delete notices", s.db.InTx(ctx, func(tx *db.Tx) error {
		found, err := noticesByIDs(ctx, tx, ids)
		if err != nil {
			return err
		}
		if len(found) != len(ids) {
			return errs.NotFound(entity)
		}
		for _, n := range found {
			if n.status == Published {
				return errs.Conflict("notice.deletePublished", errs.A("title", n.title))
			}
		}
		return deleteNotices(ctx, tx, ids)
	}))
}

// Publish makes a draft or revoked notice visible to its readers, as unread.
func (s *Service) Publish(ctx context.Context, who *server.Principal, id int64) error {
	return errs.Wrap(fmt.Sprintf("publish notice %d", id), s.db.InTx(ctx, func(tx *db.Tx) error {
		f, err := getForm(ctx, tx, id)
		if err != nil {
			return err
		}
		if f.PublishStatus == Published {
			return errs.Conflict("notice.alreadyPublished", errs.A("title", f.Title))
		}
		if f.TargetType == TargetUsers {
			if len(f.TargetUserIDs) == 0 {
				return errs.Required("targetUserIds", "notice.field.targetUserIds")
			}
			if err := checkShop(ctx, tx, who, f.TargetUserIDs); err != nil {
				return err
			}
		}
		return publish(ctx, tx, id, who.UserID)
	}))
}

// Revoke withdraws a published notice.
func (s *Service) Revoke(ctx context.Context, id int64) error {
	return errs.Wrap(fmt.Sprintf("revoke notice %d", id), s.db.InTx(ctx, func(tx *db.Tx) error {
		status, title, err := statusOf(ctx, tx, id)
		if err != nil {
			return err
		}
		if status != Published {
			return errs.Conflict("notice.notPublished", errs.A("title", title))
		}
		return revoke(ctx, tx, id)
	}))
}

// Detail shows a notice to a reader and marks it read. Readers see published
// notices meant for them; holders of sys:notice:query see any notice.
// Anything else is not found, so ids reveal nothing.
func (s *Service) Detail(ctx context.Context, who *server.Principal, id int64) (Detail, error) {
	d, err := getDetail(ctx, s.db, id)
	if err != nil {
		return d, err
	}
	visible, err := isVisible(ctx, s.db, id, who.UserID)
	if err != nil {
		return d, err
	}
	if !visible {
		if !who.Can(QueryPerm) {
			return Detail{}, errs.NotFound(entity)
		}
		return d, nil
	}
	read, err := hasRead(ctx, s.db, id, who.UserID)
	if err != nil || read {
		return d, err
	}
	err = s.db.InTx(ctx, func(tx *db.Tx) error { return markRead(ctx, tx, id, who.UserID) })
	return d, errs.Wrap(fmt.Sprintf("mark notice %d read", id), err)
}

// MyPage lists the published notices meant for the caller, with read state.
func (s *Service) MyPage(ctx context.Context, who *server.Principal, mq MineQuery) ([]Mine, int, error) {
	mq.Title = strings.TrimSpace(mq.Title)
	return pageMine(ctx, s.db, who.UserID, mq)
}

// ReadAll marks every notice meant for the caller read.
func (s *Service) ReadAll(ctx context.Context, who *server.Principal) error {
	return errs.Wrap("mark every notice read", s.db.InTx(ctx, func(tx *db.Tx) error {
		ids, err := unreadIDs(ctx, tx, who.UserID)
		if err != nil {
			return err
		}
		return markAllRead(ctx, tx, who.UserID, ids)
	}))
}

// UnreadCount is the number of notices meant for the caller not read yet.
func (s *Service) UnreadCount(ctx context.Context, who *server.Principal) (int, error) {
	return unreadCount(ctx, s.db, who.UserID)
}

// checkRefs checks the type and level against their dictionaries and the
// target users: they must exist, and a caller who is not an administrator
// may only address users of the active shop.
func checkRefs(ctx context.Context, q db.Querier, who *server.Principal, in Input) error {
	var f errs.Fields
	ok, err := dictHas(ctx, q, TypeDict, strconv.Itoa(*in.Type))
	if err != nil {
		return err
	}
	if !ok {
		f.Add("type", "err.oneOf", errs.A("field", errs.Key("notice.field.type")))
	}
	if ok, err = dictHas(ctx, q, LevelDict, in.Level); err != nil {
		return err
	}
	if !ok {
		f.Add("level", "err.oneOf", errs.A("field", errs.Key("notice.field.level")))
	}
	if err := f.Err(); err != nil {
		return err
	}
	if len(in.TargetUserIDs) == 0 {
		return nil
	}
	exist, err := db.Existing(ctx, q, "users", in.TargetUserIDs)
	if err != nil {
		return err
	}
	var unknown []string
	for _, id := range in.TargetUserIDs {
		if !exist[id] {
			unknown = append(unknown, strconv.FormatInt(id, 10))
		}
	}
	if len(unknown) > 0 {
		return errs.Field("targetUserIds", "notice.unknownUsers", errs.A("ids", strings.Join(unknown, ", ")))
	}
	return checkShop(ctx, q, who, in.TargetUserIDs)
}

// checkShop refuses targets outside the caller's active shop, unless the
// caller is an administrator.
func checkShop(ctx context.Context, q db.Querier, who *server.Principal, ids []int64) error {
	if who.IsRoot() {
		return nil
	}
	in, err := usersInShop(ctx, q, who.ShopID, ids)
	if err != nil {
		return err
	}
	var outside []int64
	for _, id := range ids {
		if !in[id] {
			outside = append(outside, id)
		}
	}
	if len(outside) == 0 {
		return nil
	}
	names, err := usernames(ctx, q, outside)
	if err != nil {
		return err
	}
	return errs.Field("targetUserIds", "notice.usersOutsideShop", errs.A("users", strings.Join(names, ", ")))
}
