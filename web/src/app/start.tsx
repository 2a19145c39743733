import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';

/**
 * Renders the app into `root` in place of the prerendered page, as a transition: in slices
 * between which the browser answers input, while the prerendered page stays on screen.
 */
export function startApp(root: HTMLElement): void {
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
