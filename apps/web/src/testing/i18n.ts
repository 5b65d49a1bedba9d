const keysOf = (value: unknown, prefix = ''): string[] =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? Object.entries(value).flatMap(([k, v]) => keysOf(v, `${prefix}${k}.`))
    : [prefix.slice(0, -1)];

/** The keys of the English strings the translation leaves out. */
export const untranslatedKeys = (english: unknown, translation: unknown): string[] => {
  const translated = keysOf(translation ?? {});
  return keysOf(english).filter((key) => !translated.includes(key));
};
