// The one number formatter (issue 31) lives in the contracts, shared with the drivers' app: see its comment there.
export * from '@zaryad/contracts/number-format';
