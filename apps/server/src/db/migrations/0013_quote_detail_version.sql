ALTER TABLE "orders" ADD COLUMN "version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- orders.version moves with every statement that changes what an order's detail shows (decision
-- 014): statement-level triggers, so recalculating 200 lines moves it once, not 200 times. Every
-- write already holds the order's row (FOR UPDATE), so this adds no new lock order.
CREATE FUNCTION bump_order_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE orders SET version = version + 1 WHERE id IN (SELECT order_id FROM new_rows);
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE orders SET version = version + 1
     WHERE id IN (SELECT order_id FROM new_rows UNION SELECT order_id FROM old_rows);
  ELSE
    UPDATE orders SET version = version + 1 WHERE id IN (SELECT order_id FROM old_rows);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Rows that belong to a deal quote (quote_id): the quote's order moves.
CREATE FUNCTION bump_quote_order_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE orders SET version = version + 1
     WHERE id IN (SELECT q.order_id FROM deal_quotes q WHERE q.id IN (SELECT quote_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE orders SET version = version + 1
     WHERE id IN (SELECT q.order_id FROM deal_quotes q
                   WHERE q.id IN (SELECT quote_id FROM new_rows UNION SELECT quote_id FROM old_rows));
  ELSE
    UPDATE orders SET version = version + 1
     WHERE id IN (SELECT q.order_id FROM deal_quotes q WHERE q.id IN (SELECT quote_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A deal quote's row: its own order moves, and so does the order of the quote it revises (whose
-- detail names its newer revision).
CREATE FUNCTION bump_deal_quote_order_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE orders SET version = version + 1
     WHERE id IN (SELECT order_id FROM new_rows
                  UNION SELECT p.order_id FROM deal_quotes p WHERE p.id IN (SELECT revision_of_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE orders SET version = version + 1
     WHERE id IN (SELECT order_id FROM new_rows UNION SELECT order_id FROM old_rows
                  UNION SELECT p.order_id FROM deal_quotes p
                         WHERE p.id IN (SELECT revision_of_id FROM new_rows UNION SELECT revision_of_id FROM old_rows));
  ELSE
    UPDATE orders SET version = version + 1
     WHERE id IN (SELECT order_id FROM old_rows
                  UNION SELECT p.order_id FROM deal_quotes p WHERE p.id IN (SELECT revision_of_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER order_windows_version_ins AFTER INSERT ON order_windows REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_order_version();
--> statement-breakpoint
CREATE TRIGGER order_windows_version_upd AFTER UPDATE ON order_windows REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_order_version();
--> statement-breakpoint
CREATE TRIGGER order_windows_version_del AFTER DELETE ON order_windows REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_order_version();
--> statement-breakpoint
CREATE TRIGGER order_lines_version_ins AFTER INSERT ON order_lines REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_order_version();
--> statement-breakpoint
CREATE TRIGGER order_lines_version_upd AFTER UPDATE ON order_lines REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_order_version();
--> statement-breakpoint
CREATE TRIGGER order_lines_version_del AFTER DELETE ON order_lines REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_order_version();
--> statement-breakpoint
CREATE TRIGGER order_documents_version_ins AFTER INSERT ON order_documents REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_order_version();
--> statement-breakpoint
CREATE TRIGGER order_documents_version_upd AFTER UPDATE ON order_documents REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_order_version();
--> statement-breakpoint
CREATE TRIGGER order_documents_version_del AFTER DELETE ON order_documents REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_order_version();
--> statement-breakpoint
CREATE TRIGGER quote_adjustments_version_ins AFTER INSERT ON quote_adjustments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_quote_order_version();
--> statement-breakpoint
CREATE TRIGGER quote_adjustments_version_upd AFTER UPDATE ON quote_adjustments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_quote_order_version();
--> statement-breakpoint
CREATE TRIGGER quote_adjustments_version_del AFTER DELETE ON quote_adjustments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_quote_order_version();
--> statement-breakpoint
CREATE TRIGGER quote_acceptances_version_ins AFTER INSERT ON quote_acceptances REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_quote_order_version();
--> statement-breakpoint
CREATE TRIGGER quote_acceptances_version_upd AFTER UPDATE ON quote_acceptances REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_quote_order_version();
--> statement-breakpoint
CREATE TRIGGER quote_acceptances_version_del AFTER DELETE ON quote_acceptances REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_quote_order_version();
--> statement-breakpoint
CREATE TRIGGER deal_quotes_version_ins AFTER INSERT ON deal_quotes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_deal_quote_order_version();
--> statement-breakpoint
CREATE TRIGGER deal_quotes_version_upd AFTER UPDATE ON deal_quotes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_deal_quote_order_version();
--> statement-breakpoint
CREATE TRIGGER deal_quotes_version_del AFTER DELETE ON deal_quotes REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_deal_quote_order_version();
