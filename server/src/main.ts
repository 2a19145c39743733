import { serveAsEntry } from './serve';

serveAsEntry();
