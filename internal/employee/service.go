package employee

import (
	"context"

	"cangshu/internal/coding"
	"cangshu/internal/db"
	"cangshu/internal/errs"
	"cangshu/internal/server"
	"cangshu/internal/usage"
)

// Service manages staff.
type Service struct {
	db    *db.DB
	usage *usage.Registry
}

// NewService makes the service; u names what uses a staff member.
func NewService(d *db.DB, u *usage.Registry) *Service { return &Service{db: d, usage: u} }

// sortable maps the list's sort fields to SQL.
var sortable = map[string]string{"number": "e.number", "name": "e.name", "mobile": "e.mobile"}

// List answers a page of staff; enabledOnly keeps disabled staff out (pickers).
func (s *Service) List(ctx context.Context, p server.ListParams, enabledOnly bool) (server.ListPage[Employee], error) {
	order, err := p.OrderBy(sortable, "e.number")
	if err != nil {
		return server.ListPage[Employee]{}, err
	}
	rows, total, err := listEmployees(ctx, s.db, filter{matchCon: p.MatchCon, enabled: enabledOnly, order: order, limit: p.Rows, offset: p.Offset()})
	if err != nil {
		return server.ListPage[Employee]{}, errs.Wrap("list employees", err)
	}
	return server.NewListPage(p, rows, total), nil
}

// Get reads one staff member.
func (s *Service) Get(ctx context.Context, id int64) (Employee, error) {
	e, err := getEmployee(ctx, s.db, id)
	return e, errs.Wrap("get employee", err)
}

// NextNumber proposes the number of the next staff member.
func (s *Service) NextNumber(ctx context.Context) (map[string]string, error) {
	n, err := coding.Next(ctx, s.db, "employees", "", firstNumber)
	if err != nil {
		return nil, err
	}
	return map[string]string{"number": n}, nil
}

// Create adds a staff member.
func (s *Service) Create(ctx context.Context, in Input) (Employee, error) {
	if err := in.validate(); err != nil {
		return Employee{}, err
	}
	var id int64
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := duplicate(ctx, tx, in.Number, 0); err != nil {
			return err
		}
		var err error
		id, err = insertEmployee(ctx, tx, in)
		return s.unique(err, in)
	})
	if err != nil {
		return Employee{}, errs.Wrap("create employee", err)
	}
	return s.Get(ctx, id)
}

// Update changes a staff member.
func (s *Service) Update(ctx context.Context, in Input) (Employee, error) {
	if in.ID <= 0 {
		return Employee{}, errs.Required("id", "field.id")
	}
	if err := in.validate(); err != nil {
		return Employee{}, err
	}
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if _, err := getEmployee(ctx, tx, in.ID); err != nil {
			return err
		}
		if err := duplicate(ctx, tx, in.Number, in.ID); err != nil {
			return err
		}
		return s.unique(updateEmployee(ctx, tx, in), in)
	})
	if err != nil {
		return Employee{}, errs.Wrap("update employee", err)
	}
	return s.Get(ctx, in.ID)
}

// unique turns a unique violation (a concurrent save of the same number)
// into the duplicate error the check gives.
func (s *Service) unique(err error, in Input) error {
	if db.IsUnique(err) {
		return errs.Duplicate("number", labelNumber, in.Number)
	}
	return err
}

// SetDisabled disables (1) or enables (0) one staff member.
func (s *Service) SetDisabled(ctx context.Context, id, disabled int64) error {
	if err := checkDisable(disabled); err != nil {
		return err
	}
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if _, err := getEmployee(ctx, tx, id); err != nil {
			return err
		}
		return setDisabled(ctx, tx, id, disabled)
	})
	return errs.Wrap("disable employee", err)
}

// Delete removes one staff member, refused while a document names them.
func (s *Service) Delete(ctx context.Context, id int64) error {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if _, err := getEmployee(ctx, tx, id); err != nil {
			return err
		}
		return s.usage.Delete(ctx, tx, usage.Employee, Entity, id, func() error { return deleteEmployee(ctx, tx, id) })
	})
	return errs.Wrap("delete employee", err)
}
