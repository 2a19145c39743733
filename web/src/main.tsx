import './styles/bootstrap.scss';
import './styles.css';
import { preloadScreen } from './app/screen-modules';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/**
 * The server sends each page with its first screen prerendered (web/src/prerender.tsx), so
 * the app's code need not compete with the stylesheet for the network before that paints.
 * A hidden tab paints nothing and would never run a frame: it starts at once.
 */
function afterFirstPaint(): Promise<void> {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
}

// The first render replaces the prerendered page in one commit, so it waits for the route's
// screen too rather than blank the page.
void afterFirstPaint()
  .then(() =>
    Promise.all([
      import('./app/start'),
      preloadScreen(window.location.pathname).catch((error: unknown) =>
        console.error('the screen failed to load', error),
      ),
    ]),
  )
  .then(([{ startApp }]) => startApp(root));
