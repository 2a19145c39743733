import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';

/** Room kept between a tooltip and the edge of the window. */
const EDGE_PX = 8;

/**
 * A short note over what it explains, shown on hover, on focus (the keyboard, a tap) and
 * hidden by Escape; the note describes the element for screen readers all the time. Light
 * enough for every screen: no positioning library, only a shift back inside the window.
 */
export function HintTooltip({ tip, children }: { tip: string; children: ReactNode }) {
  const id = useId();
  const tipRef = useRef<HTMLSpanElement>(null);
  const [shown, setShown] = useState(false);
  const [shift, setShift] = useState(0);
  useLayoutEffect(() => {
    if (!shown || !tipRef.current) return;
    const { left, right } = tipRef.current.getBoundingClientRect();
    const room = document.documentElement.clientWidth - EDGE_PX;
    setShift(right > room ? room - right : left < EDGE_PX ? EDGE_PX - left : 0);
  }, [shown]);
  const show = () => setShown(true);
  const hide = () => {
    setShown(false);
    setShift(0);
  };
  return (
    <span
      className="sr-hint"
      tabIndex={0}
      aria-describedby={id}
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={show}
      onBlur={hide}
      onKeyDown={(event) => {
        if (event.key === 'Escape') hide();
      }}
      data-testid="hint"
    >
      {children}
      <span
        ref={tipRef}
        id={id}
        role="tooltip"
        className="sr-hint-tip"
        hidden={!shown}
        style={{ '--sr-hint-shift': `${shift}px` } as CSSProperties}
      >
        {tip}
      </span>
    </span>
  );
}
