import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { loadMailTexts, mailTextProblems, MailTextsSchema } from '../src/mail-texts';
import { composeMail } from '../src/use-cases/mail-digest';

// The scheduled e-mails' texts are content (decision 0040's pipeline): a reviewed JSON file, checked
// against its schema here and when the service starts.
describe('content/mail.json', () => {
  const texts = loadMailTexts();

  it('matches its schema and its placeholder rules', () => {
    expect(Value.Check(MailTextsSchema, texts)).toBe(true);
    expect(mailTextProblems(texts)).toEqual([]);
  });

  it('uses no sentence twice, so consecutive weeks read differently', () => {
    const all = [texts.weeklyAnnouncement, texts.podDigest].flatMap((m) => [
      ...m.subjects,
      ...m.openings,
      ...m.closings,
    ]);
    expect(new Set(all).size).toBe(all.length);
  });

  it('fills every placeholder in every variant', () => {
    for (let week = 0; week < 12; week += 1)
      for (const kind of ['weekly_announcement', 'pod_digest'] as const) {
        const mail = composeMail(texts, {
          kind,
          week,
          name: 'Noor',
          appUrl: 'https://vere.test',
          unsubscribe: 'https://vere.test/api/identity/mail/unsubscribe?token=t',
          pods: [{ podId: 'p', podName: 'Morning Crew', count: 2, summaries: ['Ben completed “Run”'] }],
        });
        expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toMatch(/\{\w+\}/);
        expect(mail.headers).toEqual({
          'List-Unsubscribe': '<https://vere.test/api/identity/mail/unsubscribe?token=t>',
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        });
      }
  });

  it('refuses a file that breaks the schema or forgets a placeholder', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vere-mail-'));
    const broken = join(dir, 'mail.json');
    writeFileSync(broken, JSON.stringify({ ...texts, footer: '' }));
    expect(() => loadMailTexts(broken)).toThrow(/footer/);
    const noName = {
      ...texts,
      weeklyAnnouncement: {
        ...texts.weeklyAnnouncement,
        openings: ['Hello there, friend.', 'A second one here.', 'A third one too.'],
      },
    };
    writeFileSync(broken, JSON.stringify(noName));
    expect(() => loadMailTexts(broken)).toThrow(/no \{name\}/);
  });

  it('escapes what users wrote in the HTML part', () => {
    const mail = composeMail(texts, {
      kind: 'pod_digest',
      week: 1,
      name: '<b>Noor</b>',
      appUrl: 'https://vere.test',
      unsubscribe: 'https://vere.test/u',
      pods: [{ podId: 'p', podName: '<script>x</script>', count: 1, summaries: ['<img src=x>'] }],
    });
    expect(mail.html).not.toMatch(/<script>|<img|<b>/);
  });
});
