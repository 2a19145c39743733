/** One address however it was written: `https://shop.example` is `https://shop.example/`. */
export function sameUrl(a: string, b: string): boolean {
  try {
    const [x, y] = [new URL(a), new URL(b)];
    x.hash = '';
    y.hash = '';
    return x.href === y.href;
  } catch {
    return false;
  }
}
