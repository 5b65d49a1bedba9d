-- Reference data: the categories supplier documents file into.
INSERT INTO "document_categories" ("category", "sort_order") VALUES
  ('Brochure', 10),
  ('Price list', 20),
  ('Warranty', 30),
  ('Installation guide', 40);
