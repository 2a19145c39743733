import { REDACTED } from '@core/flows/redact';

/**
 * Runs in the page before a failed step's screenshot: every field whose value holds a
 * secret is drawn as dots, and every text that shows one has it blotted out, so the picture
 * gives none away. Self-contained: puppeteer sends its source to the page.
 */
export function maskSecretsInPage(values: readonly string[], mark: string): number {
  const secrets = values.filter((value) => value.length > 0);
  let masked = 0;
  for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    'input, textarea',
  )) {
    if (!secrets.some((secret) => field.value.includes(secret))) continue;
    field.style.setProperty('-webkit-text-security', 'disc');
    field.style.setProperty('color', 'transparent');
    masked++;
  }
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue ?? '';
    const hidden = secrets.reduce((out, secret) => out.split(secret).join(mark), text);
    if (hidden === text) continue;
    node.nodeValue = hidden;
    masked++;
  }
  return masked;
}

export const SECRET_MARK = REDACTED;
