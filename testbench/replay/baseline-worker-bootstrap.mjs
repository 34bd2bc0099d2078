// Node worker bootstrap: a worker thread does not inherit tsx's loader, so register it here, then run the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./baseline-worker.ts');
