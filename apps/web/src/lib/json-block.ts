/**
 * A JSON block the server wrote into the page (`<script type="application/json" id=…>`: the
 * runtime settings, the login branding); undefined when it is missing or not JSON. No zod here:
 * the sign-in page reads these before it loads any schema, so callers check the shape.
 */
export function readJsonBlock(id: string, doc: Document | undefined = globalThis.document): unknown {
  const text = doc?.getElementById(id)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
