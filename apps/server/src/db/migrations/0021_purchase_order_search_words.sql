-- The orders list's search by word (decision 016): the same text as purchase_orders_search_idx
-- (0018), cut at each space into lower-case words. A search of several words must find the
-- text after each of its spaces at the start of a word, so those words, as prefixes, find the
-- few candidate orders; the trigram index alone reads every order's posting list for a word such as
-- 'customer' that every order holds. The ILIKE still decides. Words are cut to 64 characters
-- (a prefix of the cut word is a prefix of the word) and empty ones (two spaces) dropped.
CREATE FUNCTION "purchase_order_search_words"(t text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN (SELECT COALESCE(array_to_tsvector(array_agg(DISTINCT left(w, 64))), ''::tsvector)
            FROM unnest(string_to_array(lower(t), ' ')) w WHERE w <> '');
--> statement-breakpoint
CREATE INDEX "purchase_orders_search_words_idx" ON "purchase_orders" USING gin (
  "purchase_order_search_words"("sidemark" || ' ' || "details" || ' ' || "notes" || ' ' || COALESCE("sales_rep_override", '')));
