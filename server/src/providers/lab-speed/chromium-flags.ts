/**
 * The flags this machine's headless Chromium needs: no sandbox as root, no GPU, no
 * background network chatter, and /tmp instead of a small /dev/shm. The speed pool and the
 * browser tests both launch with them.
 */
export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];
