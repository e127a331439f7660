import { Type, type TString } from 'typebox';

/*
 * The one rule for text a client sends: no NUL (PostgreSQL refuses 0x00 and the request would end in a
 * 500), no lone surrogate (it cannot be encoded as UTF-8, and hashing or storing it silently turns it
 * into U+FFFD), and no control character (C0, DEL, C1), except line breaks and tabs in multi-line text.
 * A surrogate pair (an emoji) is one character and is welcome.
 *
 * The rule is a `pattern`, so it travels with the schema: Fastify's validator (Ajv, `u` flag), TypeBox's
 * `Value.Check` (no flag) and the OpenAPI document all read it the same way. The test in text.test.ts
 * walks every exported schema so that no body, query or parameter can leave it out.
 */
const CONTROLS = '\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f';
const SURROGATES = '\\ud800-\\udfff';
const PAIR = '[\\ud800-\\udbff][\\udc00-\\udfff]';

/** The text rule as a pattern: one line (no control character at all) or several (tabs and line breaks allowed). */
export function textPattern(options: { multiline?: boolean; notBlank?: boolean } = {}): string {
  const allowed = `[^${options.multiline ? '' : '\\t\\n\\r'}${CONTROLS}${SURROGATES}]|${PAIR}`;
  return `^${options.notBlank ? '(?=[\\s\\S]*\\S)' : ''}(?:${allowed})*$`;
}

/** Every pattern that carries the text rule (the contracts test recognises a ruled string by them). */
export const TEXT_RULE_PATTERNS: readonly string[] = [false, true].flatMap((multiline) =>
  [false, true].map((notBlank) => textPattern({ multiline, notBlank })),
);

export interface TextOptions {
  maxLength: number;
  minLength?: number;
  /** Line breaks and tabs allowed (a description, a note, proof text). */
  multiline?: boolean;
  /** At least one character that is not white space. */
  notBlank?: boolean;
  description?: string;
}

/**
 * Text a client sends. `maxLength` is required: no user-supplied string is unbounded. A field that
 * needs a narrower shape (an invite code, a cursor) uses its own `pattern` that already excludes
 * every control character instead.
 */
export function Text(options: TextOptions): TString {
  const { multiline, notBlank, ...rest } = options;
  return Type.String({ ...rest, pattern: textPattern({ multiline, notBlank }) });
}

/** One line of text a client sends (a name, an e-mail address, a password, a query parameter). */
export const SingleLine = (maxLength: number, options: Omit<TextOptions, 'maxLength' | 'multiline'> = {}): TString =>
  Text({ ...options, maxLength });

/** Text a client sends that may span lines. */
export const MultiLine = (maxLength: number, options: Omit<TextOptions, 'maxLength' | 'multiline'> = {}): TString =>
  Text({ ...options, maxLength, multiline: true });

const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * For a payload stored whole (a provider's webhook event, as `jsonb`) whose fields no schema lists:
 * true when no string or key in it holds a NUL or a lone surrogate, the two things PostgreSQL cannot
 * store. Control characters are the sender's business there.
 */
export function isStorableJson(value: unknown): boolean {
  if (typeof value === 'string') return !UNSTORABLE.test(value);
  if (Array.isArray(value)) return value.every(isStorableJson);
  if (value && typeof value === 'object')
    return Object.entries(value).every(([key, child]) => !UNSTORABLE.test(key) && isStorableJson(child));
  return true;
}
