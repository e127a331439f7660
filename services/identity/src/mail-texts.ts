import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';

/*
 * The scheduled e-mails' texts live in content/mail.json (reviewed like code, as decision 0040 does
 * for playbooks); this checks them against the schema when the service starts.
 */

const Sentence = Type.String({ minLength: 10, maxLength: 400 });
const Subject = Type.String({ minLength: 10, maxLength: 80 });
const Variants = <T extends typeof Sentence | typeof Subject>(item: T) =>
  Type.Array(item, { minItems: 3, maxItems: 12, uniqueItems: true });

const MailSchema = Type.Object({
  subjects: Variants(Subject),
  openings: Variants(Sentence),
  closings: Variants(Sentence),
  action: Type.String({ minLength: 4, maxLength: 40 }),
});

export const MailTextsSchema = Type.Object({
  $comment: Type.Optional(Type.String()),
  weeklyAnnouncement: MailSchema,
  podDigest: MailSchema,
  footer: Sentence,
});
export type MailTexts = Static<typeof MailTextsSchema>;

/** content/mail.json, found through the package like prisma/ (works from src, dist and bundles). */
export function mailTextsPath(): string {
  return join(
    dirname(createRequire(import.meta.url).resolve('@vere/identity-service/package.json')),
    'content',
    'mail.json',
  );
}

/** Problems beyond the schema: placeholders each variant needs. */
export function mailTextProblems(texts: MailTexts): string[] {
  const problems: string[] = [];
  for (const o of texts.weeklyAnnouncement.openings) if (!o.includes('{name}')) problems.push(`no {name}: ${o}`);
  for (const o of texts.podDigest.openings)
    if (!o.includes('{name}') || !o.includes('{pods}')) problems.push(`no {name} or {pods}: ${o}`);
  for (const s of texts.podDigest.subjects) if (!s.includes('{count}')) problems.push(`no {count}: ${s}`);
  return problems;
}

export function loadMailTexts(path = mailTextsPath()): MailTexts {
  const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
  if (!Value.Check(MailTextsSchema, parsed)) {
    const first = [...Value.Errors(MailTextsSchema, parsed)][0];
    throw new Error(`${path}: ${first?.instancePath ?? ''} ${first?.message ?? 'does not match its schema'}`);
  }
  const problems = mailTextProblems(parsed);
  if (problems.length > 0) throw new Error(`${path}: ${problems.join('; ')}`);
  return parsed;
}

/** Fills `{name}`-style placeholders. */
export const fill = (text: string, values: Record<string, string | number>): string =>
  text.replace(/\{(\w+)\}/g, (all, key: string) => (key in values ? String(values[key]) : all));

/** The variant of week `week` (a different one each consecutive week). */
export const pick = <T>(list: readonly T[], week: number): T =>
  list[((week % list.length) + list.length) % list.length]!;
