-- Issue 33 / DESIGN.md §13 and §16: campaigns announce their committed changes on 'plansmith_changes'
-- as the other plan rows do (0990/1026's plansmith_publish_changes reads their marketing_plan_id), so
-- another tab's /campaigns tree, calendar and /budget campaign column refresh when a colleague saves,
-- moves, drags or deletes a campaign, and only the plan's readers hear of it. Id = the campaign.
DO $$
BEGIN
  CREATE TRIGGER campaigns_changes_insert AFTER INSERT ON campaigns REFERENCING NEW TABLE AS changed_rows
    FOR EACH STATEMENT EXECUTE FUNCTION plansmith_publish_changes('Campaign', 'id');
  CREATE TRIGGER campaigns_changes_update AFTER UPDATE ON campaigns REFERENCING NEW TABLE AS changed_rows
    FOR EACH STATEMENT EXECUTE FUNCTION plansmith_publish_changes('Campaign', 'id');
  CREATE TRIGGER campaigns_changes_delete AFTER DELETE ON campaigns REFERENCING OLD TABLE AS changed_rows
    FOR EACH STATEMENT EXECUTE FUNCTION plansmith_publish_changes('Campaign', 'id');
END;
$$;
