/** What every format's writer is to the reply (csv.ts, xlsx.ts): batches of text rows in, the file's bytes out. */
import { Readable } from 'node:stream';
import type { TLanguage } from '@zaryad/contracts';
import type { SheetColumn } from './columns';
import type { TBatch } from './cursor';

export interface ExportWriter {
  /** The stream the reply sends; destroyed when the client goes away. */
  output: Readable;
  /** Writes a batch; resolves once the reply has taken enough to ask for more. */
  write(rows: TBatch): Promise<void>;
  /** Writes the last rows (a table's totals, in bold where the format has bold) and ends the file. */
  end(totals?: TBatch): Promise<void>;
}

export interface WriterOptions {
  columns: readonly SheetColumn[];
  language: TLanguage;
  /** The xlsx sheet's name. */
  sheet: string;
}

/** A readable a writer pushes text or bytes into, with back-pressure: `send` resolves when the reader asks for more. */
export class PullStream extends Readable {
  private wanted: (() => void) | undefined;

  override _read() {
    const wanted = this.wanted;
    this.wanted = undefined;
    wanted?.();
  }

  /** Pushes `chunks` (`null` ends the stream); resolves at once if the reader wants more, else when it asks or goes. */
  send(...chunks: (string | Buffer | null)[]) {
    let wantsMore = true;
    for (const chunk of chunks) {
      wantsMore = this.push(chunk);
    }
    return wantsMore || this.destroyed
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          this.wanted = resolve;
        });
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    this.wanted?.();
    callback(error);
  }
}
