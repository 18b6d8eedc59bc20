-- Issue 13: who the caller is (users) and their tenant (tenants) are read on nearly every request
-- and change rarely, so each server process keeps them in memory (db/tenant-row-cache.ts). Every
-- change to either table, from any process or by hand, sends the tenant's id on this channel when
-- its transaction commits (PostgreSQL sends one notice per distinct id and transaction); the
-- processes drop that tenant's cached rows when it arrives.
CREATE FUNCTION plansmith_user_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('plansmith_identity_changes', OLD.tenant_id::text);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('plansmith_identity_changes', NEW.tenant_id::text);
  END IF;
  RETURN NULL;
END;
$$;

CREATE FUNCTION plansmith_tenant_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('plansmith_identity_changes', OLD.id::text);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('plansmith_identity_changes', NEW.id::text);
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER users_identity_change AFTER INSERT OR UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION plansmith_user_changed();

CREATE TRIGGER tenants_identity_change AFTER INSERT OR UPDATE OR DELETE ON tenants
  FOR EACH ROW EXECUTE FUNCTION plansmith_tenant_changed();
