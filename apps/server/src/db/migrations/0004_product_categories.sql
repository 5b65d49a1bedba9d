-- Reference data: the product categories every supplier's catalog files into.
INSERT INTO "product_categories" ("slug", "name", "sort_order") VALUES
  ('roller', 'Roller Blinds', 10),
  ('roman', 'Roman Blinds', 20),
  ('venetian', 'Venetian Blinds', 30),
  ('vertical', 'Vertical Blinds', 40),
  ('honeycomb', 'Honeycomb Blinds', 50),
  ('shutters', 'Shutters', 60),
  ('curtains', 'Curtains', 70),
  ('awnings', 'Awnings', 80),
  ('motorisation', 'Motorisation', 90),
  ('accessories', 'Accessories', 100);
