-- Every change to a row that a server process may cache is announced on channel slat_cache,
-- on commit, so each process evicts its copy: invalidation cannot be forgotten by code.
CREATE OR REPLACE FUNCTION slat_notify_cache() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('slat_cache', '*');
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('slat_cache', 'session:' || r.id_hash);
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('slat_cache', 'user:' || r.id);
  ELSIF TG_TABLE_NAME = 'companies' THEN
    PERFORM pg_notify('slat_cache', 'company:' || r.id);
  ELSIF TG_TABLE_NAME = 'company_modules' THEN
    PERFORM pg_notify('slat_cache', 'company:' || r.company_id);
  ELSE
    PERFORM pg_notify('slat_cache', '*');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_cache AFTER UPDATE OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION slat_notify_cache();
--> statement-breakpoint
CREATE TRIGGER users_notify_cache AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION slat_notify_cache();
--> statement-breakpoint
CREATE TRIGGER companies_notify_cache AFTER UPDATE OR DELETE ON "companies"
  FOR EACH ROW EXECUTE FUNCTION slat_notify_cache();
--> statement-breakpoint
CREATE TRIGGER company_modules_notify_cache AFTER INSERT OR UPDATE OR DELETE ON "company_modules"
  FOR EACH ROW EXECUTE FUNCTION slat_notify_cache();
--> statement-breakpoint
CREATE TRIGGER countries_notify_cache AFTER UPDATE OR DELETE ON "countries"
  FOR EACH STATEMENT EXECUTE FUNCTION slat_notify_cache();
