/**
 * Exports (docs/design.md#9-money-charges-and-time): a list's rows streamed from the database to the HTTP reply as csv or xlsx, in
 * constant memory whatever the size. Split by concern: columns.ts (each column's cell, written in SQL once),
 * query.ts (the export's select), cursor.ts (the one reader of rows), csv.ts and xlsx.ts (a writer per format),
 * http.ts (the reply). Modules declare their columns and select and call `sendExport`; reports built in memory
 * call `tableStream`.
 */
export * from './columns';
export { EXPORT_BATCH_ROWS } from './cursor';
export * from './http';
export { inlineParameters } from './query';
