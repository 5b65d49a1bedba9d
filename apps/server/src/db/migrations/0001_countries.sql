-- Reference data: the countries Slat sells in. labor_tax_control = 1 shows the tax-rate field.
INSERT INTO "countries" ("name", "iso2_code", "iso3_code", "calling_code", "measure_system", "flag", "native_name", "labor_tax_control", "currency_code", "currency_symbol", "currency_name", "language_locale", "tax_display", "new_taxing") VALUES
  ('Australia', 'AU', 'AUS', '+61', 'METRIC', '🇦🇺', 'Australia', 1, 'AUD', '$', 'Australian dollar', 'en-AU', 'GST', true),
  ('New Zealand', 'NZ', 'NZL', '+64', 'METRIC', '🇳🇿', 'New Zealand', 1, 'NZD', '$', 'New Zealand dollar', 'en-NZ', 'GST', true),
  ('United States', 'US', 'USA', '+1', 'IMPERIAL', '🇺🇸', 'United States', 0, 'USD', '$', 'United States dollar', 'en-US', 'Sales Tax', false),
  ('Canada', 'CA', 'CAN', '+1', 'IMPERIAL', '🇨🇦', 'Canada', 1, 'CAD', '$', 'Canadian dollar', 'en-CA', 'GST/HST', false),
  ('United Kingdom', 'GB', 'GBR', '+44', 'METRIC', '🇬🇧', 'United Kingdom', 1, 'GBP', '£', 'Pound sterling', 'en-GB', 'VAT', true),
  ('Ireland', 'IE', 'IRL', '+353', 'METRIC', '🇮🇪', 'Éire', 1, 'EUR', '€', 'Euro', 'en-IE', 'VAT', true),
  ('Poland', 'PL', 'POL', '+48', 'METRIC', '🇵🇱', 'Polska', 1, 'PLN', 'zł', 'Polish złoty', 'pl-PL', 'VAT', true),
  ('South Africa', 'ZA', 'ZAF', '+27', 'METRIC', '🇿🇦', 'South Africa', 1, 'ZAR', 'R', 'South African rand', 'en-ZA', 'VAT', false);
