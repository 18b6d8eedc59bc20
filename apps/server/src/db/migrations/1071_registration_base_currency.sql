-- Issue 34 / DESIGN.md §17: the base currency chosen at sign-up is kept with the pending sign-up
-- until the e-mail is verified, when the tenant is made with it (USD when none was chosen).
ALTER TABLE registrations ADD COLUMN base_currency text NOT NULL DEFAULT 'USD';
