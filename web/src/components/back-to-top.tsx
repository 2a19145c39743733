import { ArrowUp } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import Button from 'react-bootstrap/Button';

const onScroll = (notify: () => void) => {
  window.addEventListener('scroll', notify, { passive: true });
  return () => window.removeEventListener('scroll', notify);
};

/** An arrow back to the top of the page, shown once the page is scrolled past `afterPx`. */
export function BackToTop({ afterPx }: { afterPx: number }) {
  const shown = useSyncExternalStore(
    onScroll,
    () => window.scrollY > afterPx,
    () => false,
  );
  if (!shown) return null;
  return (
    <Button
      variant="primary"
      className="sr-back-to-top rounded-circle shadow"
      aria-label="Back to top"
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      <ArrowUp size={20} />
    </Button>
  );
}
