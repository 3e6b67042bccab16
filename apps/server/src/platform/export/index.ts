/** Exports, split by concern (platform/README.md, docs/design.md#13-exports): what the modules use. */
export * from './columns';
export { EXPORT_BATCH_ROWS } from './cursor';
export * from './http';
export { inlineParameters } from './query';
