import { bigint } from 'drizzle-orm/pg-core';

/** A money column: integer tyiyn (1 som = 100 tyiyn) read as a bigint, never a float (docs/design.md#9-money-charges-and-time). */
export const tyiyn = (name: string) => bigint(name, { mode: 'bigint' });
