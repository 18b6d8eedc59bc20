-- Issue 30 / DESIGN.md §13: a stale write's 409 names who changed the row and when. Lookups and
-- teams keep no audit trail, so their 409 said "Someone". Each now keeps its last writer: the
-- transaction's 'plansmith.actor' (the signed-in person the app writes for, db/actor.ts), set when a
-- row is made and whenever its version moves. The trigger is named to run after the version trigger
-- (BEFORE triggers run in name order), so a save that changes nothing names no one new.
CREATE FUNCTION plansmith_note_writer() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  actor text := nullif(current_setting('plansmith.actor', true), '');
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.version = OLD.version THEN
    RETURN NEW;
  END IF;
  NEW.changed_by := CASE
    WHEN actor ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' THEN actor::uuid
  END;
  RETURN NEW;
END;
$$;

ALTER TABLE lookups ADD COLUMN changed_by uuid;
ALTER TABLE teams ADD COLUMN changed_by uuid;

CREATE TRIGGER lookups_writer BEFORE INSERT OR UPDATE ON lookups FOR EACH ROW EXECUTE FUNCTION plansmith_note_writer();
CREATE TRIGGER teams_writer BEFORE INSERT OR UPDATE ON teams FOR EACH ROW EXECUTE FUNCTION plansmith_note_writer();
