import { type QueryOptions, type Results, types } from '@electric-sql/pglite';

/*
 * Reading a prepared call's answer straight from the backend's bytes (issue 49, decision 179).
 *
 * PGlite's `execProtocolStream` turns every protocol message into an object and every field of a
 * DataRow into a fresh ArrayBuffer before `parseResults` decodes it: in a CPU profile of the
 * computed projects list that was a fifth of the request (`parseResults` and `BufferReader.bytes`).
 * This reader walks the same bytes once — RowDescription, DataRow, CommandComplete — decoding
 * each text field in place and calling the column's parser, chosen once per result instead of
 * once per field. What it answers is exactly what `parseResults(messages, parsers, options)[0]`
 * answers for the same bytes (rows as arrays or objects, `fields`, `command`, `affectedRows`,
 * `rowCount`); `pglite-results.test.ts` compares the two on every column type the schema uses.
 *
 * Anything else in the answer — an ErrorResponse, a notice, a notification, a parameter status —
 * is not read here: `readResults` returns null and the caller lets PGlite's own parser read the
 * same bytes, so errors and notices keep PGlite's classes and semantics.
 *
 * Wire format: PostgreSQL's frontend/backend protocol, "Message Formats" (chapter 55.7 of the
 * PostgreSQL 17 manual): a type byte, an Int32 length that counts itself, then the body.
 */

type ColumnParser = (value: string, typeId: number) => unknown;

/** Message types a successful Bind/Describe/Execute/Sync answer may hold besides rows. */
const SKIPPED = new Set([
  0x31, // '1' ParseComplete
  0x32, // '2' BindComplete
  0x33, // '3' CloseComplete
  0x49, // 'I' EmptyQueryResponse
  0x5a, // 'Z' ReadyForQuery
  0x6e, // 'n' NoData
  0x73, // 's' PortalSuspended
  0x74, // 't' ParameterDescription
]);

/** Commands whose tag's count is added to `affectedRows` (as PGlite's `parseResults` does). */
const AFFECTING = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

interface Field {
  name: string;
  dataTypeID: number;
}

/**
 * The first result of a prepared call's raw answer `raw`, parsed with `clientParsers` merged with
 * `options.parsers` (PGlite's own precedence, then its default parser of the type), rows as
 * arrays when `options.rowMode` is `'array'`. Null when the answer holds a message this reader
 * leaves to PGlite (errors, notices, notifications, parameter status).
 */
export function readResults<T>(
  raw: Uint8Array,
  clientParsers: Record<number, ColumnParser>,
  options: QueryOptions | undefined,
): Results<T> | null {
  const buf = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  // The caller's parsers win over the client's (PGlite merges the two objects on every call: with
  // the client's 318 entries that spread alone was most of its parsing time; looked up per column).
  const callerParsers = options?.parsers as Record<number, ColumnParser> | undefined;
  const arrays = options?.rowMode === 'array';
  let fields: Field[] = [];
  let columnParsers: Array<ColumnParser | undefined> = [];
  let rows: unknown[] = [];
  let affectedRows = 0;
  let first: Results<T> | null = null;
  let pos = 0;
  while (pos + 5 <= buf.length) {
    const code = buf[pos] as number;
    const end = pos + 1 + buf.readInt32BE(pos + 1);
    let p = pos + 5;
    if (code === 0x44) {
      // 'D' DataRow: Int16 count, then per column Int32 length (-1 = NULL) and the text.
      const count = buf.readInt16BE(p);
      p += 2;
      const values = new Array<unknown>(count);
      for (let i = 0; i < count; i++) {
        const length = buf.readInt32BE(p);
        p += 4;
        if (length === -1) {
          values[i] = null;
          continue;
        }
        const text = buf.toString('utf8', p, p + length);
        p += length;
        const parse = columnParsers[i];
        values[i] = parse ? parse(text, (fields[i] as Field).dataTypeID) : text;
      }
      if (arrays) rows.push(values);
      else {
        const row: Record<string, unknown> = {};
        for (let i = 0; i < count; i++) row[(fields[i] as Field).name] = values[i];
        rows.push(row);
      }
    } else if (code === 0x54) {
      // 'T' RowDescription: Int16 count, then per field a C string name and 18 bytes (table OID,
      // column number, type OID, type size, type modifier, format code).
      const count = buf.readInt16BE(p);
      p += 2;
      fields = new Array<Field>(count);
      columnParsers = new Array<ColumnParser | undefined>(count);
      for (let i = 0; i < count; i++) {
        const zero = buf.indexOf(0, p);
        const name = buf.toString('utf8', p, zero);
        const dataTypeID = buf.readInt32BE(zero + 7);
        p = zero + 19;
        fields[i] = { name, dataTypeID };
        columnParsers[i] = (callerParsers?.[dataTypeID] ??
          clientParsers[dataTypeID] ??
          types.parsers[dataTypeID]) as ColumnParser | undefined;
      }
    } else if (code === 0x43) {
      // 'C' CommandComplete: the tag, e.g. "SELECT 20", "INSERT 0 1", "UPDATE 3".
      const tag = buf.toString('utf8', p, end - 1).split(' ');
      const command = tag[0] as string;
      const count = Number.parseInt(tag[tag.length - 1] as string, 10);
      if (AFFECTING.has(command)) affectedRows += count;
      const result = { rows, fields, command, affectedRows } as Results<T> & { command: string };
      if (!Number.isNaN(count)) result.rowCount = count;
      first ??= result;
      rows = [];
      fields = [];
    } else if (!SKIPPED.has(code)) {
      return null;
    }
    pos = end;
  }
  return first ?? ({ affectedRows: 0, rows: [], fields: [] } as Results<T>);
}
