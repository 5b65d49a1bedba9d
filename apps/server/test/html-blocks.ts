/** The JSON block with this id that the server wrote into a page, parsed; undefined when absent. */
export function jsonBlock(html: string, id: string): unknown {
  const text = html.match(new RegExp(`<script id="${id}" type="application/json">(.*?)</script>`))?.[1];
  return text === undefined ? undefined : JSON.parse(text);
}
