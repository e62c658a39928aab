import type { PGlite } from '@electric-sql/pglite';

/*
 * File sizes remembered for the embedded database's files on disk (issue 49, decision 180).
 *
 * PostgreSQL asks for a relation's size (`lseek(fd, 0, SEEK_END)`, md.c's `mdnblocks`) for every
 * table and index it plans a query over and again when it scans them: 52 times for one call of the
 * projects list on the demo data. In PGlite a data directory on disk is an Emscripten NODEFS
 * mount, whose `llseek(SEEK_END)` asks the real file system each time (`fs.fstatSync`): 8.5 % of
 * the server's CPU under load in the computed pass of `npm run bench` (decision 179 measured
 * 9–11 %).
 *
 * The database files belong to this one PGlite instance (PGlite is single-process; nothing else
 * writes its data directory while it runs), so a file's size can change only through the same
 * mount's operations. This module wraps them: the size answered by `llseek(SEEK_END)` is kept per
 * file node, and every operation that can change any file's size or identity — a write, a
 * truncate or other attribute change, `msync`, `allocate`, an open with `O_TRUNC`, and on the
 * directory side create, unlink, rename, rmdir, symlink — forgets every kept size, before and after
 * it runs. A read-only workload therefore asks the disk once per file; any write starts over.
 * Errors are the mount's own: a first `SEEK_END` on a file is the original call, and a negative
 * position is handed back to the original so it throws `EINVAL` as before.
 */

/** Emscripten's `whence` for "from the end of the file" (SEEK_END). */
const SEEK_END = 2;
/** `O_TRUNC` in Emscripten's open flags. */
const O_TRUNC = 0o1000;
/** Mode bits of a regular file (`S_IFMT`, `S_IFREG`). */
const S_IFMT = 0o170000;
const S_IFREG = 0o100000;

interface FsNode {
  mode: number;
}
interface FsStream {
  node: FsNode;
  flags: number;
}
type Op = (...args: never[]) => unknown;
interface EmscriptenFs {
  lookupPath(path: string): { node: { node_ops: unknown } };
}
interface NodeFsOps {
  stream_ops: Record<string, Op | undefined> & {
    llseek: (stream: FsStream, offset: number, whence: number) => number;
  };
  node_ops: Record<string, Op | undefined>;
}

/** Counters of {@link cacheFileSizes} (tests; the bench's notes). */
export interface FileSizeStats {
  /** `SEEK_END` answered from a kept size. */
  hits: number;
  /** `SEEK_END` that asked the file system (first use of a file, or after a change). */
  misses: number;
  /** Times the kept sizes were dropped by a size-changing operation. */
  resets: number;
}

/** Stream operations that may change a file's size (NODEFS names; missing ones are skipped). */
const STREAM_MUTATORS = ['write', 'setattr', 'msync', 'allocate'] as const;
/** Node operations that create, remove, rename or resize files. */
const NODE_MUTATORS = ['setattr', 'mknod', 'unlink', 'rename', 'rmdir', 'symlink'] as const;

const patched = new WeakSet<object>();

/** PGlite's data directory inside its file system (PGDATA in PGlite 0.5's sources). */
const PGDATA = '/pglite/data';

/** Whether PGlite's data directory is mounted from the disk (NODEFS), not kept in memory. */
function onNodefs(fs: EmscriptenFs, nodefs: NodeFsOps): boolean {
  try {
    return fs.lookupPath(PGDATA).node.node_ops === nodefs.node_ops;
  } catch {
    return false;
  }
}

/**
 * Makes `pglite`'s on-disk mount (NODEFS) remember file sizes between size-changing operations, as
 * described above. Call once, right after the database is ready and before it serves queries; a
 * second call on the same instance, or an instance without a NODEFS mount (in memory, `idb://`),
 * changes nothing and returns null. Returns live counters.
 */
export function cacheFileSizes(pglite: PGlite): FileSizeStats | null {
  const mod = pglite.Module as unknown as { NODEFS?: NodeFsOps; FS: EmscriptenFs };
  const nodefs = mod.NODEFS;
  if (!nodefs?.stream_ops?.llseek || !nodefs.node_ops || patched.has(nodefs)) return null;
  if (!onNodefs(mod.FS, nodefs)) return null;
  patched.add(nodefs);
  const stats: FileSizeStats = { hits: 0, misses: 0, resets: 0 };
  const sizes = new Map<FsNode, number>();
  const forget = () => {
    if (sizes.size === 0) return;
    sizes.clear();
    stats.resets++;
  };
  const guard = (ops: Record<string, Op | undefined>, name: string, when?: (args: unknown[]) => boolean) => {
    const original = ops[name];
    if (typeof original !== 'function') return;
    ops[name] = function (this: unknown, ...args: never[]) {
      const changes = when ? when(args) : true;
      if (changes) forget();
      try {
        return original.apply(this, args);
      } finally {
        if (changes) forget();
      }
    } as Op;
  };
  for (const name of STREAM_MUTATORS) guard(nodefs.stream_ops, name);
  guard(
    nodefs.stream_ops,
    'open',
    (args) => (((args[0] as FsStream | undefined)?.flags ?? 0) & O_TRUNC) !== 0,
  );
  for (const name of NODE_MUTATORS) guard(nodefs.node_ops, name);

  const llseek = nodefs.stream_ops.llseek;
  nodefs.stream_ops.llseek = function (this: unknown, stream: FsStream, offset: number, whence: number) {
    if (whence !== SEEK_END || (stream.node.mode & S_IFMT) !== S_IFREG)
      return llseek.call(this, stream, offset, whence);
    let size = sizes.get(stream.node);
    if (size === undefined) {
      size = llseek.call(this, stream, 0, SEEK_END);
      sizes.set(stream.node, size);
      stats.misses++;
    } else {
      stats.hits++;
    }
    const position = size + offset;
    return position < 0 ? llseek.call(this, stream, offset, whence) : position;
  };
  return stats;
}
