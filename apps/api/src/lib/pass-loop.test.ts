import { afterEach, describe, expect, it } from 'vitest';
import { PassLoop } from './pass-loop.js';

describe('PassLoop', () => {
  let loop: PassLoop<number> | null = null;
  afterEach(async () => loop?.stop());

  it('does nothing before start; a wake during a pass runs exactly one more pass after it', async () => {
    let passes = 0;
    let release: () => void = () => {};
    loop = new PassLoop({
      run: () =>
        new Promise<number>((resolve) => {
          passes++;
          release = () => resolve(passes);
        }),
      everyMs: () => 60_000,
      onError: () => -1,
    });
    loop.wake();
    expect(passes).toBe(0);
    loop.start();
    loop.wake();
    loop.wake();
    loop.wake();
    expect(passes).toBe(1);
    release();
    await new Promise((r) => setTimeout(r, 0));
    expect(passes).toBe(2);
    release();
    await loop.idle();
    expect(passes).toBe(2);
  });

  it('a pass that throws is answered by onError and the loop goes on', async () => {
    const errors: unknown[] = [];
    let passes = 0;
    loop = new PassLoop({
      run: async () => {
        passes++;
        if (passes === 1) throw new Error('DGII caída');
        return passes;
      },
      everyMs: () => 60_000,
      onError: (err) => {
        errors.push(err);
        return 0;
      },
    });
    loop.start();
    loop.wake();
    await loop.idle();
    loop.wake();
    await loop.idle();
    expect(passes).toBe(2);
    expect(errors.map((e) => (e as Error).message)).toEqual(['DGII caída']);
  });
});
