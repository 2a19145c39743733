/** flag-icons' 4:3 flags, each its own file (build/flag-icons.ts serves and copies them). */
const FLAGS_PATH = '/flags/4x3/';

interface Props {
  /** A two-letter country code. */
  code: string;
  /** The country's name; '' when the name is printed beside the flag. */
  alt: string;
  /** Height in px; the width follows at 4:3. */
  height?: number;
}

/** A country's flag, drawn: the same on every system, where emoji flags are not. */
export function FlagIcon({ code, alt, height = 15 }: Props) {
  if (!/^[a-z]{2}$/i.test(code)) return null;
  return (
    <img
      src={`${FLAGS_PATH}${code.toLowerCase()}.svg`}
      width={Math.round((height * 4) / 3)}
      height={height}
      alt={alt}
      loading="lazy"
      className="sr-flag"
    />
  );
}
