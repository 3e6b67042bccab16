/**
 * The shape of a translation: the same nested keys as the English reference, any text as values. ru and ky
 * files are checked against it, so a missing or extra key fails the typecheck as well as the locale test.
 */
export type TTranslation<T> = { [K in keyof T]: T[K] extends string ? string : TTranslation<T[K]> };
