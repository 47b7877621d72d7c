// What a validation problem means, as a stable code with its numbers, so that the server and the
// browser (which check with the same schemas) name it the same way and the web app can say it in
// its reader's language. The schemas' own English words stay the `message` for API clients.
import type { ErrorParams } from './common';

/** The part of a zod issue read here (structural, so the web app needs no zod to use it). */
export interface IssueLike {
  code: string;
  message: string;
  path?: ReadonlyArray<PropertyKey>;
  expected?: string;
  origin?: string;
  format?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
  keys?: string[];
  params?: Record<string, unknown>;
}

/**
 * Messages of the schemas that say more than their kind of issue (a regex that wants a date, a
 * refinement), by their English words. Every other issue is coded by its kind.
 */
const SPECIFIC: Record<string, string> = {
  'Use only letters, digits, _ and .': 'usernameChars',
  'Use at most two decimals': 'decimals',
  'Use a date like 2026-01-31': 'date',
  'Not a real date': 'date',
  'Month must look like 2025-01': 'month',
  'A salary cannot be paid on due': 'salaryOnDue',
  'Give a price or a cost': 'priceOrCost',
  'Enter the unit cost paid': 'unitCost',
  'Only cylinders are sold as refill or package': 'tradeTypeCylinder',
  'Enter a valid phone number': 'phone',
  'Enter a Bangladeshi mobile number, like 01711-223344': 'bdMobile',
  'Enter a valid email address': 'email',
  'Choose a member': 'member',
  'Not a release name like inventory@1.2.0+abc1234': 'releaseName',
  'Add at least one item': 'noLines',
  'Choose what comes back': 'nothingBack',
  'Must be true or false': 'boolean',
  'Amount must be more than 0': 'positive',
  'Must be more than 0': 'positive',
  'Is too large': 'tooLarge',
  'Is required': 'required',
  'Copy it exactly as bKash sent it: letters, digits and signs, no spaces': 'bkashCredential',
};

const num = (value: number | bigint | undefined) => (value === undefined ? 0 : Number(value));

/** `{code: 'tooLong', params: {maximum: 80}}` for "Name must be at most 80 characters". */
export function describeIssue(issue: IssueLike): { code: string; params?: ErrorParams } {
  const custom = issue.params?.code;
  if (typeof custom === 'string') return { code: custom };
  const specific = SPECIFIC[issue.message];
  if (specific) return { code: specific };
  switch (issue.code) {
    case 'invalid_type':
      if (issue.expected === 'number') return { code: 'number' };
      if (issue.expected === 'int') return { code: 'wholeNumber' };
      if (issue.expected === 'boolean') return { code: 'boolean' };
      return { code: 'required' };
    case 'too_small': {
      const minimum = num(issue.minimum);
      if (issue.origin === 'string') return minimum <= 1 ? { code: 'required' } : { code: 'tooShort', params: { minimum } };
      if (issue.origin === 'array') return { code: 'tooFew', params: { minimum } };
      if (minimum === 0 && issue.inclusive === false) return { code: 'positive' };
      return { code: 'atLeast', params: { minimum } };
    }
    case 'too_big': {
      const maximum = num(issue.maximum);
      if (issue.origin === 'string') return { code: 'tooLong', params: { maximum } };
      if (issue.origin === 'array') return { code: 'tooMany', params: { maximum } };
      return { code: 'atMost', params: { maximum } };
    }
    case 'invalid_format':
      if (issue.format === 'email') return { code: 'email' };
      if (issue.format === 'uuid' || issue.format === 'guid') return { code: 'id' };
      return { code: 'format' };
    case 'invalid_value':
      return { code: 'oneOf' };
    case 'unrecognized_keys':
      return { code: 'unknownKeys', params: { keys: (issue.keys ?? []).join(', ') } };
    default:
      return { code: 'invalid' };
  }
}

/** Every code describeIssue can give (the web app's catalogue has a text for each). */
export const ISSUE_CODES = [
  ...new Set([
    ...Object.values(SPECIFIC),
    'number',
    'wholeNumber',
    'boolean',
    'required',
    'tooShort',
    'tooFew',
    'positive',
    'atLeast',
    'tooLong',
    'tooMany',
    'atMost',
    'email',
    'id',
    'format',
    'oneOf',
    'unknownKeys',
    'invalid',
  ]),
];

/** The dotted field of an issue: `lines.0.quantity`; the form itself is `_`. */
export const issueField = (issue: IssueLike) => (issue.path ?? []).map(String).join('.');
