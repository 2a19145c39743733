import { serveAsEntry } from '../src/serve';
import { SandboxLab } from './sandbox-lab';

/** Long enough for a test to see a sample under way, short beside a real run's ~10 s. */
const RUN_MS = 800;

/** The app as `server/src/main.ts` runs it, its samples measured by the sandbox's stand-in lab. */
serveAsEntry({ lab: new SandboxLab(RUN_MS) });
