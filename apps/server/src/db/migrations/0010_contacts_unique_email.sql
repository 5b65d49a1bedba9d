-- One contact per email in an account (issue 11): a contact import's merge is an upsert on this
-- index, so parallel imports of one row make one contact. Contacts without an email are not limited.
--
-- Existing duplicates (one account, one email ignoring case; the API never refused them) are merged
-- first, the way an import merges: the oldest contact stays, keeps every value it has, and takes
-- what it lacks (name, phone, external link, provider, external data) from the others, oldest
-- first; their deals move to it; then they are deleted.
CREATE TEMPORARY TABLE contact_merges AS
  SELECT id, keeper, created_at
  FROM (
    SELECT id, created_at, first_value(id) OVER (
      PARTITION BY account_id, lower(email) ORDER BY created_at, id
    ) AS keeper
    FROM contacts
    WHERE email <> ''
  ) ranked
  WHERE id <> keeper;
--> statement-breakpoint
UPDATE contacts k SET
  name = CASE WHEN k.name <> '' THEN k.name ELSE coalesce((
    SELECT c.name FROM contact_merges m JOIN contacts c ON c.id = m.id
    WHERE m.keeper = k.id AND c.name <> '' ORDER BY m.created_at, m.id LIMIT 1), '') END,
  phone = CASE WHEN k.phone <> '' THEN k.phone ELSE coalesce((
    SELECT c.phone FROM contact_merges m JOIN contacts c ON c.id = m.id
    WHERE m.keeper = k.id AND c.phone <> '' ORDER BY m.created_at, m.id LIMIT 1), '') END,
  external_link = coalesce(k.external_link, (
    SELECT c.external_link FROM contact_merges m JOIN contacts c ON c.id = m.id
    WHERE m.keeper = k.id AND c.external_link IS NOT NULL ORDER BY m.created_at, m.id LIMIT 1)),
  provider_schema = coalesce(k.provider_schema, (
    SELECT c.provider_schema FROM contact_merges m JOIN contacts c ON c.id = m.id
    WHERE m.keeper = k.id AND c.provider_schema IS NOT NULL ORDER BY m.created_at, m.id LIMIT 1)),
  external_data = coalesce(k.external_data, (
    SELECT c.external_data FROM contact_merges m JOIN contacts c ON c.id = m.id
    WHERE m.keeper = k.id AND c.external_data IS NOT NULL ORDER BY m.created_at, m.id LIMIT 1))
WHERE k.id IN (SELECT keeper FROM contact_merges);
--> statement-breakpoint
UPDATE deals d SET contact_id = m.keeper FROM contact_merges m WHERE d.contact_id = m.id;
--> statement-breakpoint
DELETE FROM contacts c USING contact_merges m WHERE c.id = m.id;
--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_account_email_key" ON "contacts" USING btree ("account_id",lower("email")) WHERE "contacts"."email" <> '';
--> statement-breakpoint
DROP TABLE contact_merges;
