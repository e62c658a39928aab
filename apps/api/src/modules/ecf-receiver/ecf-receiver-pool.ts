import { Worker } from 'node:worker_threads';
import { ReceiverError } from './ecf-receiver-auth.js';
import type { Inspection, InspectKind, XmlInspect } from './ecf-receiver-inspect.js';

/*
 * A small pool of worker threads for the receiver's heavy XML work (issue 43, item 1): parsing
 * and signature verification never run on the event loop, so a sender posting large or hostile
 * documents slows the receiver, never the rest of the app. One worker by default (the app runs on
 * small machines); documents wait their turn in a bounded queue (past it: 503, try later); a
 * document still being inspected after `timeoutMs` has its worker terminated (a new one starts
 * for the next) and is refused; a worker is held to `memoryMb` of heap, so a document that would
 * need more ends that worker, not the process.
 */

/** Options of {@link XmlWorkerPool}. */
export interface XmlWorkerPoolOptions {
  /** Workers (default 1). */
  size?: number;
  /** Documents waiting beyond those being inspected (default 8). */
  maxQueue?: number;
  /**
   * Longest inspection of one document (default 10 s; an e-CF of 1,000 lines takes about 0.3 s,
   * but xml-crypto's verification grows faster than the size: about 1.5 MB is the practical limit).
   */
  timeoutMs?: number;
  /** Heap of a worker, MB (default 256). */
  memoryMb?: number;
}

interface Task {
  id: number;
  kind: InspectKind;
  xml: string;
  resolve(result: Inspection): void;
  reject(err: Error): void;
}

interface Slot {
  worker: Worker;
  task: Task | null;
  timer: NodeJS.Timeout | null;
  /** The worker's code has loaded (its `ready` message): the task's time runs from then. */
  online: boolean;
}

/**
 * Where the worker's code is: beside this module once built (dist/ecf-receiver-worker.js, an entry
 * of build.mjs), or the TypeScript source run through tsx (development, tests).
 */
function workerEntry(): { url: URL; execArgv: string[] } {
  const self = import.meta.url;
  if (self.endsWith('.ts'))
    return { url: new URL('./ecf-receiver-worker.ts', self), execArgv: ['--import', 'tsx'] };
  return { url: new URL('./ecf-receiver-worker.js', self), execArgv: [] };
}

const tooComplex = () =>
  new ReceiverError(413, 'xml_demasiado_complejo', 'El XML es demasiado grande o complejo para procesarlo.');

/** See the module comment. `inspect` is the {@link XmlInspect} the receiver routes use. */
export class XmlWorkerPool {
  private readonly size: number;
  private readonly maxQueue: number;
  private readonly timeoutMs: number;
  private readonly memoryMb: number;
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private nextId = 1;
  private closed = false;

  constructor(opts: XmlWorkerPoolOptions = {}) {
    this.size = opts.size ?? 1;
    this.maxQueue = opts.maxQueue ?? 8;
    this.timeoutMs = opts.timeoutMs ?? 10_000;
    this.memoryMb = opts.memoryMb ?? 256;
  }

  readonly inspect: XmlInspect = (kind, xml) =>
    new Promise<Inspection>((resolve, reject) => {
      if (this.closed)
        return reject(new ReceiverError(503, 'receptor_ocupado', 'El receptor se está deteniendo.'));
      if (this.queue.length >= this.maxQueue)
        return reject(
          new ReceiverError(
            503,
            'receptor_ocupado',
            'El receptor está ocupado. Intente nuevamente en unos segundos.',
          ),
        );
      this.queue.push({ id: this.nextId++, kind, xml, resolve, reject });
      this.dispatch();
    });

  /** Documents waiting for a worker (tests, metrics). */
  get waiting(): number {
    return this.queue.length;
  }

  /** Terminates the workers; documents waiting are refused. */
  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0))
      task.reject(new ReceiverError(503, 'receptor_ocupado', 'El receptor se está deteniendo.'));
    await Promise.all(this.slots.splice(0).map((s) => this.retire(s, null)));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => s.task === null);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) return;
      const task = this.queue.shift()!;
      slot.task = task;
      if (slot.online) this.startTimer(slot);
      slot.worker.postMessage({ id: task.id, kind: task.kind, xml: task.xml });
    }
  }

  private spawn(): Slot {
    const { url, execArgv } = workerEntry();
    const worker = new Worker(url, {
      execArgv,
      resourceLimits: { maxOldGenerationSizeMb: this.memoryMb, maxYoungGenerationSizeMb: 32 },
    });
    worker.unref();
    const slot: Slot = { worker, task: null, timer: null, online: false };

    worker.on('message', (msg: { ready?: true; id: number; result?: Inspection; failure?: string }) => {
      if (msg.ready) {
        slot.online = true;
        if (slot.task && !slot.timer) this.startTimer(slot);
        return;
      }
      const task = slot.task;
      if (!task || task.id !== msg.id) return;
      this.finish(slot);
      if (msg.result) task.resolve(msg.result);
      else task.reject(new Error(`e-CF receiver worker: ${msg.failure}`));
      this.dispatch();
    });
    // Out of memory, or crashed: the document in hand is refused and the slot freed.
    const lost = () => {
      const i = this.slots.indexOf(slot);
      if (i < 0) return;
      this.slots.splice(i, 1);
      const task = slot.task;
      this.finish(slot);
      task?.reject(tooComplex());
      if (!this.closed) this.dispatch();
    };
    worker.on('error', lost);
    worker.on('exit', lost);
    this.slots.push(slot);
    return slot;
  }

  /** A document's time starts once its worker is running (start-up is not the document's fault). */
  private startTimer(slot: Slot): void {
    slot.timer = setTimeout(() => void this.retire(slot, tooComplex()), this.timeoutMs);
  }

  private finish(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.task = null;
  }

  /** Ends a worker (a timeout, or closing); its document, if any, is refused with `err`. */
  private async retire(slot: Slot, err: Error | null): Promise<void> {
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    const task = slot.task;
    this.finish(slot);
    if (task)
      task.reject(err ?? new ReceiverError(503, 'receptor_ocupado', 'El receptor se está deteniendo.'));
    await slot.worker.terminate();
    if (!this.closed) this.dispatch();
  }
}
