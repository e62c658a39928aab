import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { type InspectKind, inspectReceivedXml } from './ecf-receiver-inspect.js';

/*
 * The receiver's worker thread (`ecf-receiver-pool.ts`): inspects one document per message
 * (`{id, kind, xml}`) and answers `{id, result}` or `{id, failure}`; says `{ready}` once loaded. A separate entry point of the
 * build (build.mjs), run from source through tsx in development and tests.
 */

// On Linux a thread's nice value is its own: the heavy XML work yields the CPU to the app's event
// loop (and anything else) on a small machine. Elsewhere this may not apply; it is harmless.
try {
  setPriority(10);
} catch {
  // Not permitted here: the worker runs at the process's priority.
}

parentPort?.on('message', (task: { id: number; kind: InspectKind; xml: string }) => {
  try {
    parentPort!.postMessage({ id: task.id, result: inspectReceivedXml(task.kind, task.xml) });
  } catch (err) {
    parentPort!.postMessage({ id: task.id, failure: (err as Error).message ?? String(err) });
  }
});

parentPort?.postMessage({ ready: true });
