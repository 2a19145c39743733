/**
 * Decodes an HTML body in its declared charset: the Content-Type header's, else a
 * `<meta charset>` (or http-equiv) within the first 1024 bytes, else UTF-8.
 */
export function decodeBody(body: Buffer, contentType: string): string {
  const declared =
    /charset=["']?([\w-]+)/i.exec(contentType)?.[1] ??
    /<meta[^>]+charset=["']?([\w-]+)/i.exec(body.subarray(0, 1024).toString('latin1'))?.[1] ??
    'utf-8';
  try {
    return new TextDecoder(declared.toLowerCase()).decode(body);
  } catch {
    // An unknown label: read it as UTF-8 rather than fail the page.
    return new TextDecoder('utf-8').decode(body);
  }
}
