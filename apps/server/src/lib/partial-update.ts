type Sent<T> = { [K in keyof T]?: Exclude<T[K], undefined> };

/**
 * The columns a partial update sets: every value the request sent. `undefined` (the field was
 * left out) keeps the column as it is; `null` is a value and clears it.
 */
export function sentFields<T extends Record<string, unknown>>(values: T): Sent<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Sent<T>;
}
