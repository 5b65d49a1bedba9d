// JSON written by PostgreSQL as the API's contracts would write it, for lists sent without a
// parse and a serialize in the server (the board's cards, decision 035; the orders list, 042).
import { type SQL, sql } from 'drizzle-orm';

/** An ISO instant in milliseconds, as Date.toISOString writes it (to_char's MS truncates, as node-postgres does). */
export const isoInstant = (column: SQL) =>
  sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * An object as compact JSON, its keys in the order given: row_to_json of a row of named columns
 * writes `{"key":value,…}` with no spaces, as JSON.stringify does (json_build_object writes
 * `"key" : value`). A json column is written as its text.
 */
export const jsonObject = (columns: SQL) => sql`(SELECT row_to_json(r) FROM (SELECT ${columns}) r)`;

/** Elements' JSON texts as a compact JSON array (json_agg writes `, ` between them). */
export const jsonArray = (elements: SQL) => sql`('[' || COALESCE(${elements}, '') || ']')`;

/** Aggregated json values as a compact json array, `[]` for none (array_to_json writes no spaces). */
export const jsonArrayAgg = (element: SQL, order: SQL) =>
  sql`COALESCE(array_to_json(array_agg(${element} ORDER BY ${order})), '[]'::json)`;
