import { useEffect, useRef, useState } from 'react';

/**
 * A text filter kept in the URL: the input answers every keystroke, the URL (and so the query)
 * follows once typing pauses for `delayMs`. A URL change from elsewhere (back, a link) replaces
 * the text. Values are compared trimmed, so a trailing space does not search again.
 */
export function useDebouncedUrlText(
  urlValue: string,
  commit: (value: string) => void,
  delayMs: number,
): [string, (value: string) => void] {
  const [text, setText] = useState(urlValue);
  const committed = useRef(urlValue);
  const commitRef = useRef(commit);
  commitRef.current = commit;

  useEffect(() => {
    if (urlValue === committed.current) return;
    committed.current = urlValue;
    setText(urlValue);
  }, [urlValue]);

  useEffect(() => {
    const next = text.trim();
    if (next === committed.current) return;
    const timer = setTimeout(() => {
      committed.current = next;
      commitRef.current(next);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);

  return [text, setText];
}
