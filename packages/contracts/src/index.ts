export * from './common';
export * from './rules';
export * from './messages';
export * from './accounts';
