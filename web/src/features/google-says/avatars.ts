/**
 * The bundled source avatars by file name (the `image` of core/google-says.ts). Vite turns
 * each SVG into a served asset, so nothing is loaded from the social network.
 */
const files = import.meta.glob<string>('./avatars/*.svg', { eager: true, import: 'default' });

export function avatarUrl(image: string): string | undefined {
  return files[`./avatars/${image}`];
}
