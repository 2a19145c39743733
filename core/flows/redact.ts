/** The mark a secret's value is replaced with wherever text might echo it. */
export const REDACTED = '••••';

/**
 * `text` with every secret's value blotted out: an error may echo what a step typed, and a
 * page may show it. Longest values first, so that one secret inside another goes whole.
 */
export function redactSecrets(text: string, values: Iterable<string>): string {
  return [...values]
    .filter((value) => value.length > 0)
    .sort((a, b) => b.length - a.length)
    .reduce((out, value) => out.split(value).join(REDACTED), text);
}
