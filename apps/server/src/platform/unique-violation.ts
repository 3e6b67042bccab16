import { FieldErrors, type TMessage } from '../http/api-errors';

/** The parts of a driver error that tell a unique violation and its index apart. */
interface PgErrorFields {
  code?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

// pg raises the server's error itself; Drizzle wraps it (and PGlite's) in a DrizzleQueryError whose cause carries it.
const driverError = (error: unknown, code = UNIQUE_VIOLATION): PgErrorFields | undefined => {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current !== null && typeof current === 'object'; depth += 1) {
    const fields = current as PgErrorFields;
    if (fields.code === code) {
      return fields;
    }
    current = fields.cause;
  }
  return undefined;
};

/** A unique violation (23505), whichever driver raised it; with `constraint`, only one on that index or constraint. */
export const isUniqueViolation = (error: unknown, constraint?: string): boolean => {
  const found = driverError(error);
  return found !== undefined && (constraint === undefined || found.constraint === constraint);
};

/**
 * A foreign key violation (23503) on that constraint, whichever driver raised it: a delete refused because other rows
 * still point at the record (a station with charges).
 */
export const isForeignKeyViolation = (error: unknown, constraint: string): boolean =>
  driverError(error, FOREIGN_KEY_VIOLATION)?.constraint === constraint;

/** Which field answers a unique violation, and with which message; without `constraint` it answers any of them. */
export interface UniqueFieldRule {
  constraint?: string;
  field: string;
  message: TMessage;
}

/** The field error a unique violation stands for, or undefined when the error is something else. */
export const uniqueFieldError = (error: unknown, rules: readonly UniqueFieldRule[]): FieldErrors | undefined => {
  const rule = rules.find((candidate) => isUniqueViolation(error, candidate.constraint));
  return rule ? new FieldErrors({ [rule.field]: [rule.message] }) : undefined;
};

/**
 * Runs a write whose uniqueness the database decides (concurrent requests included) and answers a violation as the
 * translated field error of its rule. Any other error goes on unchanged.
 */
export const mapUniqueViolation = async <T>(
  write: () => Promise<T>,
  rules: UniqueFieldRule | readonly UniqueFieldRule[],
): Promise<T> => {
  try {
    return await write();
  } catch (error) {
    throw uniqueFieldError(error, 'field' in rules ? [rules] : rules) ?? error;
  }
};

/** Titled catalogues (tags, infrastructure): a second record with the same Russian title, case-insensitive. */
export const titleTaken = (constraint: string): UniqueFieldRule => ({
  constraint,
  field: 'title_ru',
  message: 'title_taken',
});
