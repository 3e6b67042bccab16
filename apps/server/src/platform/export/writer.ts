/** What every format's writer is to the reply (csv.ts, xlsx.ts): batches of text rows in, the file's bytes out. */
import type { Readable } from 'node:stream';
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
