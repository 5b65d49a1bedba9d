/**
 * A page with a JSON block the browser reads before any call (`<` escaped, so a value cannot end
 * the tag), placed before `</head>`.
 */
export function withJsonBlock(html: string, id: string, value: unknown): string {
  const json = JSON.stringify(value).replace(/</g, '\\u003c');
  return html.replace(
    '</head>',
    `    <script id="${id}" type="application/json">${json}</script>\n  </head>`,
  );
}
