/**
 * schema.org types declared by a page: every `@type` in its JSON-LD blocks (single
 * objects, arrays and `@graph`, nested ones included) and every microdata `itemtype`.
 */
export function jsonLdTypes(json: string): string[] {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return [];
  }
  const types: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '@type') {
        for (const t of Array.isArray(value) ? value : [value]) {
          if (typeof t === 'string') types.push(shortType(t));
        }
      } else {
        visit(value);
      }
    }
  };
  visit(data);
  return types;
}

/** `https://schema.org/Product` → `Product`; `schema:Product` → `Product`. */
export function shortType(type: string): string {
  const trimmed = type.trim();
  const afterSlash = trimmed.slice(trimmed.lastIndexOf('/') + 1);
  return afterSlash.slice(afterSlash.lastIndexOf(':') + 1);
}

export function microdataTypes(itemtype: string): string[] {
  return itemtype.split(/\s+/).filter(Boolean).map(shortType);
}
