import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import * as contracts from './index';
import { isStorableJson, MultiLine, SingleLine, Text, TEXT_RULE_PATTERNS } from './text';

/** What a hostile client puts in a string: each must be refused wherever a client sends text. */
const HOSTILE: [string, string][] = [
  ['NUL', '\u0000'],
  ['a lone high surrogate', '\ud800'],
  ['a lone low surrogate', '\udc00'],
  ['SOH', '\u0001'],
  ['ESC', '\u001b'],
  ['DEL', '\u007f'],
  ['a C1 control (NEL)', '\u0085'],
];

describe('the text rule', () => {
  it('takes any language, emoji and marks', () => {
    for (const text of ['Ana', 'José Ñúñez', '東京 🙂🙃', 'e\u0301', '👩‍👩‍👧', 'a\u00a0b', "O'Brien <b>"])
      for (const schema of [SingleLine(100), MultiLine(100)]) expect(Value.Check(schema, text), text).toBe(true);
  });

  it('takes line breaks and tabs only in multi-line text', () => {
    for (const text of ['a\nb', 'a\r\nb', 'a\tb']) {
      expect(Value.Check(MultiLine(100), text), JSON.stringify(text)).toBe(true);
      expect(Value.Check(SingleLine(100), text), JSON.stringify(text)).toBe(false);
    }
  });

  it('refuses NUL, lone surrogates and control characters anywhere in the text', () => {
    for (const [name, bad] of HOSTILE)
      for (const text of [bad, `a${bad}`, `${bad}a`, `a${bad}b`, `🙂${bad}`])
        for (const schema of [SingleLine(100), MultiLine(100)])
          expect(Value.Check(schema, text), `${name} in ${JSON.stringify(text)}`).toBe(false);
  });

  it('can also refuse blank text', () => {
    const schema = Text({ maxLength: 10, minLength: 1, notBlank: true, multiline: true });
    expect(Value.Check(schema, 'a')).toBe(true);
    expect(Value.Check(schema, ' \n a ')).toBe(true);
    expect(Value.Check(schema, ' \n\t ')).toBe(false);
    expect(Value.Check(schema, 'a\u0000')).toBe(false);
  });
});

/*
 * Every schema a client sends (a body, a query string, path parameters) is named `…BodySchema`,
 * `…QuerySchema` or `…ParamsSchema`; the only exception is listed here. Services must not define their
 * own (see docs/architecture.md). `ErrorBodySchema` is the one answer named like a request.
 */
const OTHER_REQUEST_SCHEMAS = ['ClientErrorReportSchema'];
const ANSWERS_NAMED_LIKE_REQUESTS = ['ErrorBodySchema'];
const isRequestSchema = (name: string) =>
  (/(Body|Query|Params)Schema$/.test(name) && !ANSWERS_NAMED_LIKE_REQUESTS.includes(name)) ||
  OTHER_REQUEST_SCHEMAS.includes(name);

/** String formats whose own check already refuses every control character. */
const SAFE_FORMATS = new Set(['uuid', 'date-time', 'date', 'email', 'uri']);

type Node = Record<string, unknown>;
const isSchema = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && '~kind' in (value as object);

/** Every string schema inside `node`, with the path to it. */
function* strings(node: Node, path: string): Generator<[string, Node]> {
  if (node.type === 'string') yield [path, node];
  const properties = node.properties as Record<string, Node> | undefined;
  for (const [key, child] of Object.entries(properties ?? {})) yield* strings(child, `${path}.${key}`);
  if (isSchema(node.items)) yield* strings(node.items, `${path}[]`);
  if (isSchema(node.additionalProperties)) yield* strings(node.additionalProperties, `${path}.*`);
  for (const key of ['anyOf', 'allOf', 'oneOf'] as const)
    for (const [i, child] of ((node[key] as Node[] | undefined) ?? []).entries()) yield* strings(child, `${path}|${i}`);
}

/** Why a string a client sends could still carry NUL, a lone surrogate or a control character, if it could. */
function gap(node: Node): string | undefined {
  if ('const' in node || 'enum' in node) return undefined;
  if (typeof node.format === 'string' && SAFE_FORMATS.has(node.format)) return undefined;
  if (typeof node.maxLength !== 'number') return 'has no maxLength';
  if (typeof node.pattern !== 'string') return 'has no pattern (use Text/SingleLine/MultiLine from text.ts)';
  if (TEXT_RULE_PATTERNS.includes(node.pattern)) return undefined;
  // A narrower pattern of its own (an invite code, a cursor): it must refuse every hostile character too.
  const length = Math.min(Math.max(Number(node.minLength ?? 0), 3), node.maxLength);
  for (const [name, bad] of HOSTILE) {
    const text = `${'a'.repeat(Math.max(0, length - bad.length))}${bad}`;
    if (Value.Check(node as never, text)) return `accepts ${name} (its pattern ${node.pattern} lets it through)`;
  }
  return undefined;
}

describe('every request schema in the contracts', () => {
  const requests = Object.entries(contracts).filter(([name, value]) => isSchema(value) && isRequestSchema(name)) as [
    string,
    Node,
  ][];

  it('are found (the walk is not vacuous)', () => {
    const names = requests.map(([name]) => name);
    for (const expected of [
      'CreatePodBodySchema',
      'UpdatePodBodySchema',
      'CompleteTodoBodySchema',
      'CompleteWeeklyBodySchema',
      'ReportBodySchema',
      'CreateChallengeBodySchema',
      'UpdateChallengeBodySchema',
      'SignUpBodySchema',
      'UserSearchQuerySchema',
      'UsernameParamsSchema',
      'ClientErrorReportSchema',
    ])
      expect(names).toContain(expected);
    expect(requests.flatMap(([name, schema]) => [...strings(schema, name)]).length).toBeGreaterThan(50);
  });

  it('put the text rule on every string a client sends', () => {
    const gaps = requests.flatMap(([name, schema]) =>
      [...strings(schema, name)].flatMap(([path, node]) => {
        const why = gap(node);
        return why ? [`${path} ${why}`] : [];
      }),
    );
    expect(gaps).toEqual([]);
  });
});

describe('a payload stored whole', () => {
  it('is storable unless a string or key holds a NUL or a lone surrogate', () => {
    expect(isStorableJson({ a: ['x\ny\t🙂', 1, null, { b: true }] })).toBe(true);
    for (const bad of [
      'a\u0000',
      'a\ud800',
      '\udc00a',
      ['ok', 'a\u0000'],
      { nested: { deeper: '\ud83d' } },
      { 'key\u0000': 1 },
    ])
      expect(isStorableJson(bad), JSON.stringify(bad)).toBe(false);
  });
});
