/**
 * The timer of a background sender (e-CF sender, certification runner, received e-CF verifier):
 * runs `run` every `everyMs()` once {@link start}ed and on {@link wake}; never two passes at once in
 * one process — a wake during a pass runs one more pass after it. A pass that throws is logged by
 * `onError`, which answers the pass's empty result. Before `start` (tests), `wake` does nothing and
 * the owner's pass is called directly.
 */
export class PassLoop<P> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<P> | null = null;
  private again = false;

  constructor(
    private readonly opts: {
      run: () => Promise<P>;
      everyMs: () => number;
      onError: (err: unknown) => P;
    },
  ) {}

  /** Whether {@link start} was called (and not {@link stop}). */
  get started(): boolean {
    return this.timer !== null;
  }

  start(): void {
    this.timer = setInterval(() => this.wake(), this.opts.everyMs());
    this.timer.unref();
  }

  /** Stops the timer and waits for the pass in progress. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  wake(): void {
    if (!this.timer) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.opts
      .run()
      .catch((err) => this.opts.onError(err))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Waits for the pass in progress, if any (tests). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }
}
