/**
 * A PostgreSQL array literal of numbers, booleans or nulls (`{1,2,NULL}`), bound as one parameter and cast where it is
 * used (`${sqlArray(ids)}::int[]`, `unnest(…)`): a batch of any size is one parameter, not one a value. Strings are not
 * taken (their quoting would be the caller's to get right).
 */
export const sqlArray = (values: readonly (number | bigint | boolean | null)[]) =>
  `{${values.map((value) => (value === null ? 'NULL' : String(value))).join(',')}}`;
