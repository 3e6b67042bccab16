import { isMessageKey } from '@zaryad/contracts';
import type { FastifySchemaCompiler } from 'fastify';
import type { $ZodIssue, $ZodType } from 'zod/v4/core';
import { safeParse } from 'zod/v4/core';
import { FieldErrors, NON_FIELD_ERRORS, type TMessage } from './api-errors';

const hasMessageKey = (message: string) => isMessageKey(message.split(':', 1)[0] ?? '');

const sizeMessage = (origin: string, bound: 'min' | 'max', limit: number | bigint): TMessage => {
  if (origin === 'string') {
    return bound === 'max' ? `max_length:${limit}` : Number(limit) <= 1 ? 'blank' : `min_length:${limit}`;
  }
  if (origin === 'array' || origin === 'set') {
    return bound === 'max' ? `max_items:${limit}` : Number(limit) <= 1 ? 'required' : `min_items:${limit}`;
  }
  return bound === 'max' ? `max_value:${limit}` : `min_value:${limit}`;
};

/** The catalogue key for one Zod issue: the schema's own message when it is a key, else one by issue code. */
export const issueMessage = (issue: $ZodIssue): TMessage => {
  if (hasMessageKey(issue.message)) {
    return issue.message as TMessage;
  }
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) {
        return 'required';
      }
      if (issue.expected === 'int') {
        return 'integer_invalid';
      }
      return issue.expected === 'number' || issue.expected === 'bigint' ? 'number_invalid' : 'invalid_type';
    case 'invalid_value':
      return 'invalid_choice';
    case 'unrecognized_keys':
      return 'unknown_field';
    case 'too_small':
      return sizeMessage(issue.origin, 'min', issue.minimum);
    case 'too_big':
      return sizeMessage(issue.origin, 'max', issue.maximum);
    case 'invalid_format':
      if (issue.format === 'email') {
        return 'email_invalid';
      }
      return issue.format === 'date' || issue.format === 'datetime' ? 'date_invalid' : 'invalid';
    default:
      return 'invalid';
  }
};

/** How far a value is from a union's branch: the keys it lacks or the branch does not know, at the branch's own level. */
const branchDistance = (branch: readonly $ZodIssue[]) =>
  branch.reduce((distance, issue) => {
    if (issue.code === 'unrecognized_keys' && issue.path.length === 0) {
      return distance + issue.keys.length;
    }
    const isMissingKey = issue.code === 'invalid_type' && issue.input === undefined && issue.path.length === 1;
    return distance + (isMissingKey ? 1 : 0);
  }, 0);

/**
 * An invalid union (a bulk status body: `{ids, active}` or `{filter, active}`) is answered with the issues of the
 * branch the value comes closest to (the first on a tie), at their full paths: `filter.active`, not the whole body.
 */
const unionBranchIssues = (issue: $ZodIssue): $ZodIssue[] => {
  // A union with its own message (an amount as text or number: `top_up_amount_required`) says it as a whole.
  if (issue.code !== 'invalid_union' || issue.errors.length === 0 || hasMessageKey(issue.message)) {
    return [issue];
  }
  const closest = issue.errors.reduce((best, branch) =>
    branchDistance(branch) < branchDistance(best) ? branch : best,
  );
  return closest.flatMap((inner) => unionBranchIssues({ ...inner, path: [...issue.path, ...inner.path] } as $ZodIssue));
};

/** Groups issues by field (dotted path); issues of the whole body go to non_field_errors. */
export const issuesToFields = (issues: readonly $ZodIssue[]): Record<string, TMessage[]> => {
  const fields: Record<string, TMessage[]> = {};
  const add = (field: string, message: TMessage) => {
    const list = (fields[field] ??= []);
    if (!list.includes(message)) {
      list.push(message);
    }
  };
  for (const issue of issues.flatMap(unionBranchIssues)) {
    const path = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        add(path ? `${path}.${key}` : key, 'unknown_field');
      }
      continue;
    }
    add(path || NON_FIELD_ERRORS, issueMessage(issue));
  }
  return fields;
};

/**
 * Text PostgreSQL cannot store, found before any schema sees it: a NUL character (text refuses it) or a lone UTF-16
 * surrogate (`"\ud800"` parses as JSON but is no Unicode text: jsonb, the audit log's column, refuses it, and
 * encoding it to UTF-8 silently turns it into U+FFFD).
 */
/** With the `u` flag a well-formed pair is one code point: only a surrogate standing alone matches. */
const LONE_SURROGATE = /\p{Cs}/u;

const badTextMessage = (text: string): TMessage | undefined => {
  if (text.includes('\u0000')) {
    return 'invalid';
  }
  return LONE_SURROGATE.test(text) ? 'invalid_character' : undefined;
};

/** The path and message of the first string or key holding text PostgreSQL cannot store. */
export const findBadText = (
  value: unknown,
  path: string[] = [],
  depth = 0,
): { path: string[]; message: TMessage } | undefined => {
  if (typeof value === 'string') {
    const message = badTextMessage(value);
    return message && { path, message };
  }
  if (depth > 32 || value === null || typeof value !== 'object') {
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    const keyMessage = badTextMessage(key);
    if (keyMessage) {
      return { path: [...path, key.replace(/\p{Cs}/gu, '\ufffd')], message: keyMessage };
    }
    const found = findBadText(item, [...path, key], depth + 1);
    if (found) {
      return found;
    }
  }
  return undefined;
};

/**
 * Validates request parts with their Zod schema and raises FieldErrors, which the error handler translates into the
 * caller's language. Fastify's own validation error would carry English text only.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema }) =>
  (data) => {
    const badText = findBadText(data);
    if (badText) {
      return { error: new FieldErrors({ [badText.path.join('.') || NON_FIELD_ERRORS]: [badText.message] }) };
    }
    const result = safeParse(schema, data, { reportInput: true });
    if (result.error) {
      return { error: new FieldErrors(issuesToFields(result.error.issues)) };
    }
    return { value: result.data };
  };
