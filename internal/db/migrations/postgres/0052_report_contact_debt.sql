-- contactDebt and the dashboard sum each contact's audited documents'
-- arrears by kind (bill.ContactDebtSQL): those figures beside the contact,
-- so the sums never visit the documents' rows.
CREATE INDEX bills_contact_debt ON bills (contact_id, checked, kind, arrears);
