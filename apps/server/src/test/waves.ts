/**
 * Runs the tasks `width` at a time, wave after wave, and answers their results in order: concurrency tests on
 * PostgreSQL keep each wave well within the pool's wait limit.
 */
export const inWaves = async <T>(tasks: (() => Promise<T>)[], width = 50): Promise<T[]> => {
  const results: T[] = [];
  for (let start = 0; start < tasks.length; start += width) {
    results.push(...(await Promise.all(tasks.slice(start, start + width).map((task) => task()))));
  }
  return results;
};
