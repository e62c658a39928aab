/**
 * Query keys of the DGII certification screen. Every key starts with `['fiscal', 'certification']`;
 * invalidate `all` after a write (a step, a test set or a confirmation changes the overview).
 */
export const certificationKeys = {
  all: ['fiscal', 'certification'] as const,
  overview: ['fiscal', 'certification', 'overview'] as const,
  testSets: ['fiscal', 'certification', 'test-sets'] as const,
  testSet: (id: string) => ['fiscal', 'certification', 'test-sets', id] as const,
  printedRepresentations: ['fiscal', 'certification', 'printed-representations'] as const,
};

/** Signing, workbooks and the DGII can take a while: 60 s, not the client's 10 s. */
export const SLOW_TIMEOUT_MS = 60_000;

/** Headers of a multipart post (axios builds the boundary). */
export const MULTIPART = { 'Content-Type': 'multipart/form-data' } as const;
