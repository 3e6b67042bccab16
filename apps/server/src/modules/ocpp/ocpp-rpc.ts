import { createRequire } from 'node:module';

/**
 * ocpp-rpc is CommonJS and spreads its error classes into its exports, which Node's ESM loader cannot see as named
 * exports (`import { TimeoutError } from 'ocpp-rpc'` fails under Node, though it passes under Vitest): everything is
 * taken from its CommonJS exports here.
 *
 * It is read at the first call, not at import: requiring it compiles the OCPP 1.6 and 2.0.1 JSON schemas with ajv,
 * about a quarter of a second of the server's start (docs/benchmarks.md, section 2). The central system calls it when
 * the first charge point connects (ocpp.central-system.ts).
 */
let loaded: typeof import('ocpp-rpc') | undefined;
export const ocppRpc = () => (loaded ??= createRequire(import.meta.url)('ocpp-rpc') as typeof import('ocpp-rpc'));
