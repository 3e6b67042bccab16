/**
 * `COPY … TO STDOUT` read from a node-postgres connection as a stream of bytes, for the exports (`export.ts`).
 *
 * PostgreSQL sends each row of a `COPY` as its own CopyData message (a code byte, a 4-byte length, the row). Reading
 * them one by one (pg-copy-streams keeps a Buffer view and a list entry per message) leaves several short-lived objects
 * per row on V8's heap, and each young-generation collection they cause promotes the objects of the requests served
 * meanwhile into the old generation. Here each chunk the socket gives is compacted in place instead: the rows' bytes
 * are moved over the message headers (`copyWithin`, no allocation) and pushed with the next chunks' in pieces of
 * `PUSH_BYTES`, so the work per row is a few integer reads. 1,000,000 statement rows as xlsx allocate 128 MB of
 * short-lived objects on the heap instead of 373 MB (README, bench:users' xlsx export).
 *
 * Back-pressure as pg-copy-streams does it: the connection's socket is read only while this stream wants data. The
 * protocol around the data is left to node-postgres: a message that ends the copy (CopyDone, or an ErrorResponse) and
 * everything after it are handed back to its parser, which completes the query or answers its error.
 */
import { Readable } from 'node:stream';
import type pg from 'pg';

const COPY_DATA = 0x64; // d
const COPY_DONE = 0x63; // c
const ERROR_RESPONSE = 0x45; // E
const COPY_OUT_RESPONSE = 0x48; // H
/** Messages PostgreSQL may send between CopyData messages (protocol, section "COPY Operations"): skipped. */
const INTERSPERSED = new Set([0x41 /* A */, 0x4e /* N */, 0x53 /* S */, COPY_OUT_RESPONSE]);
const HEADER_BYTES = 5;
/**
 * Rows' bytes gathered before a push. The socket gives what PostgreSQL has sent meanwhile (often a few KB), and every
 * chunk costs the stages after this one (the reply's stream, or the workbook's sheet part and zip) their own objects:
 * chunks of 64 KB make about 5,500 of them for 1,000,000 statement rows as xlsx, instead of tens of thousands.
 */
const PUSH_BYTES = 64 * 1024;

/** `client.query(new CopyOutStream('copy (…) to stdout …'))`: the copy's bytes, rows as PostgreSQL wrote them. */
export class CopyOutStream extends Readable implements pg.Submittable {
  private connection: pg.Connection | undefined;
  /** node-postgres's own reader of the socket, set aside while the copy runs. */
  private pgDataHandler: ((chunk: Buffer) => void) | undefined;
  private readonly onReadable = () => this.forward();
  private wantsData = false;
  private isForwarding = false;
  private isDone = false;
  /** A message header split between two chunks: its first bytes. */
  private readonly header = Buffer.alloc(HEADER_BYTES);
  private headerLength = 0;
  /** Bytes of the current message still to come, and whether they are a row's (kept) or not (skipped). */
  private remaining = 0;
  private isRowData = false;
  /** Rows' bytes not pushed yet: compacted chunks, `gatheredBytes` in all. */
  private gathered: Buffer[] = [];
  private gatheredBytes = 0;

  constructor(private readonly text: string) {
    super();
  }

  /** Called by node-postgres when the query's turn comes. */
  submit(connection: pg.Connection) {
    this.connection = connection;
    const stream = connection.stream;
    const [handler] = stream.listeners('data') as ((chunk: Buffer) => void)[];
    if (!handler || stream.listeners('data').length !== 1) {
      throw new Error('the connection is not read by node-postgres alone');
    }
    this.pgDataHandler = handler;
    stream.removeListener('data', handler);
    stream.pause();
    stream.on('readable', this.onReadable);
    connection.query(this.text);
  }

  override _read() {
    this.wantsData = true;
    this.forward();
  }

  private forward() {
    if (this.isForwarding || !this.wantsData || !this.connection || this.isDone) {
      return;
    }
    this.isForwarding = true;
    let chunk: Buffer | null;
    while (this.wantsData && !this.isDone && (chunk = this.connection.stream.read() as Buffer | null) !== null) {
      this.wantsData = this.parse(chunk);
    }
    this.isForwarding = false;
  }

  /** Moves the rows' bytes of `chunk` to its start and gathers them; answers whether more is wanted. */
  private parse(chunk: Buffer): boolean {
    let read = 0;
    let written = 0;
    const length = chunk.length;
    while (read < length) {
      if (this.remaining > 0) {
        const take = Math.min(this.remaining, length - read);
        if (this.isRowData) {
          if (written !== read) {
            chunk.copyWithin(written, read, read + take);
          }
          written += take;
        }
        read += take;
        this.remaining -= take;
        continue;
      }
      // A message starts: its header may be split between the previous chunk and this one.
      const needed = HEADER_BYTES - this.headerLength;
      if (length - read < needed) {
        chunk.copy(this.header, this.headerLength, read, length);
        this.headerLength += length - read;
        break;
      }
      let code: number;
      let messageLength: number;
      if (this.headerLength > 0) {
        chunk.copy(this.header, this.headerLength, read, read + needed);
        code = this.header[0]!;
        messageLength = this.header.readUInt32BE(1);
      } else {
        code = chunk[read]!;
        messageLength = chunk.readUInt32BE(read + 1);
      }
      if (code !== COPY_DATA && !INTERSPERSED.has(code)) {
        // CopyDone ends the copy and is consumed here (it asks nothing of node-postgres); an error, or anything else,
        // is node-postgres's to read from its first byte.
        const rest =
          code === COPY_DONE
            ? chunk.subarray(read + needed)
            : this.headerLength > 0
              ? Buffer.concat([this.header.subarray(0, this.headerLength), chunk.subarray(read)])
              : chunk.subarray(read);
        this.headerLength = 0;
        this.finish(chunk.subarray(0, written), rest, code === ERROR_RESPONSE);
        return false;
      }
      this.headerLength = 0;
      read += needed;
      this.remaining = messageLength - 4;
      this.isRowData = code === COPY_DATA;
    }
    return this.gather(chunk.subarray(0, written));
  }

  /** Keeps `rows` for the next push, made once `PUSH_BYTES` have gathered (or at the end); answers `push`'s wish. */
  private gather(rows: Buffer, isLast = false): boolean {
    if (rows.length > 0) {
      this.gathered.push(rows);
      this.gatheredBytes += rows.length;
    }
    if (this.gatheredBytes === 0 || (this.gatheredBytes < PUSH_BYTES && !isLast)) {
      return true;
    }
    const bytes = this.gathered.length === 1 ? this.gathered[0]! : Buffer.concat(this.gathered, this.gatheredBytes);
    this.gathered = [];
    this.gatheredBytes = 0;
    return this.push(bytes);
  }

  /** The copy has ended: the last rows pushed, the socket given back to node-postgres with what follows. */
  private finish(rows: Buffer, rest: Buffer, isError: boolean) {
    this.isDone = true;
    this.gather(rows, true);
    const connection = this.connection!;
    const stream = connection.stream;
    stream.removeListener('readable', this.onReadable);
    stream.addListener('data', this.pgDataHandler!);
    this.pgDataHandler!(rest);
    // As pg-copy-streams does: resume on the next tick, after node-postgres has handled what it was given.
    process.nextTick(() => stream.resume());
    if (!isError) {
      this.push(null);
    }
  }

  /** node-postgres: the query failed (its ErrorResponse, or the connection). */
  handleError(error: Error) {
    this.destroy(error);
  }

  handleCommandComplete() {}

  handleReadyForQuery() {}
}
