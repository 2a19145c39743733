/**
 * Data the server embeds in index.html as JSON, so that the first screen needs no request
 * for it and the shell no code to fetch and check it.
 */
export const SITE_CONFIG_SCRIPT_ID = 'sr-site-config';

/** The `<script type="application/json">` element holding `value`, safe inside HTML. */
export function jsonScriptTag(id: string, value: unknown): string {
  // '<' escaped so that no string in the value can close the element.
  const json = JSON.stringify(value).replace(/</g, '\\u003c');
  return `<script id="${id}" type="application/json">${json}</script>`;
}
