/**
 * User Timing mark set by `server-entry.ts` before the server's modules load: the start of the
 * "started in" line's first step (decision 175). Absent when `server.ts` runs without the entry
 * (tests, tsx): the step then counts from the process's start.
 */
export const SERVER_LOAD_MARK = 'agencia:server-load';
