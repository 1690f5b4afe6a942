-- Hand-written (issue 9): the row trigger of 0012 refuses UPDATE and DELETE, but TRUNCATE fires no
-- row trigger, so the application could still empty the record in one statement. A statement-level
-- trigger refuses that too; admin_changes stays append-only for the application.
CREATE TRIGGER admin_changes_no_truncate BEFORE TRUNCATE ON "admin_changes"
  FOR EACH STATEMENT EXECUTE FUNCTION admin_changes_append_only();
