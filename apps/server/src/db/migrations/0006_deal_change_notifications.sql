-- Boards stay live across server processes: every change to a deal (or its flag values) is
-- announced on channel slat_deals as 'accountId:workflowId:dealId', on commit.
CREATE OR REPLACE FUNCTION slat_notify_deal() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
  d record;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  IF TG_TABLE_NAME = 'deals' THEN
    PERFORM pg_notify('slat_deals', r.account_id || ':' || r.workflow_id || ':' || r.id);
    IF TG_OP = 'UPDATE' AND OLD.workflow_id <> NEW.workflow_id THEN
      PERFORM pg_notify('slat_deals', OLD.account_id || ':' || OLD.workflow_id || ':' || OLD.id);
    END IF;
  ELSE
    SELECT account_id, workflow_id INTO d FROM deals WHERE id = r.deal_id;
    IF FOUND THEN
      PERFORM pg_notify('slat_deals', d.account_id || ':' || d.workflow_id || ':' || r.deal_id);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER deals_notify AFTER INSERT OR UPDATE OR DELETE ON "deals"
  FOR EACH ROW EXECUTE FUNCTION slat_notify_deal();
--> statement-breakpoint
CREATE TRIGGER deal_flag_values_notify AFTER INSERT OR UPDATE OR DELETE ON "deal_flag_values"
  FOR EACH ROW EXECUTE FUNCTION slat_notify_deal();
