package server

// Handler adapters for the shapes most route handlers share: read the path id
// (or ids, or the page parameters), decode the body, then call the service.
// Each adapter reads its inputs in that order and returns the first error
// unchanged, so a bad path id is reported before a bad body, exactly as a
// hand-written handler would. Anything less regular stays a plain Handler.
//
//	{Method: "POST", Path: "/api/users/{id}", …, H: server.IDIn("id", func(c *server.Ctx, id int64, in Input) (any, error) {
//		return server.Done(s.Update(c.Context(), c.User, id, in))
//	})},

// In decodes the request body into a fresh T with c.Bind and calls f with it.
func In[T any](f func(c *Ctx, in T) (any, error)) Handler {
	return func(c *Ctx) (any, error) {
		var in T
		if err := c.Bind(&in); err != nil {
			return nil, err
		}
		return f(c, in)
	}
}

// ID reads the positive integer path value name (c.PathID) and calls f with it.
func ID(name string, f func(c *Ctx, id int64) (any, error)) Handler {
	return func(c *Ctx) (any, error) {
		id, err := c.PathID(name)
		if err != nil {
			return nil, err
		}
		return f(c, id)
	}
}

// IDIn reads the path id name, then decodes the body into a fresh T, and
// calls f with both.
func IDIn[T any](name string, f func(c *Ctx, id int64, in T) (any, error)) Handler {
	return ID(name, func(c *Ctx, id int64) (any, error) {
		var in T
		if err := c.Bind(&in); err != nil {
			return nil, err
		}
		return f(c, id, in)
	})
}

// IDs reads "1,2,3" from the path value name (c.PathIDs) and calls f with the ids.
func IDs(name string, f func(c *Ctx, ids []int64) (any, error)) Handler {
	return func(c *Ctx) (any, error) {
		ids, err := c.PathIDs(name)
		if err != nil {
			return nil, err
		}
		return f(c, ids)
	}
}

// Paged reads pageNum and pageSize (c.Page) and calls f with them; f reads its
// own filters.
func Paged(f func(c *Ctx, p PageParams) (any, error)) Handler {
	return func(c *Ctx) (any, error) {
		p, err := c.Page()
		if err != nil {
			return nil, err
		}
		return f(c, p)
	}
}

// Done adapts a service call that returns only an error: the answer's data
// is null.
func Done(err error) (any, error) { return nil, err }
