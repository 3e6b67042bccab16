import { createRequire } from 'node:module';

/**
 * ocpp-rpc is CommonJS and spreads its error classes into its exports, which Node's ESM loader cannot see as named
 * exports (`import { TimeoutError } from 'ocpp-rpc'` fails under Node, though it passes under Vitest): everything is
 * taken from its CommonJS exports here.
 */
const ocppRpc = createRequire(import.meta.url)('ocpp-rpc') as typeof import('ocpp-rpc');

export const { RPCServer, RPCClient, createRPCError, TimeoutError } = ocppRpc;
