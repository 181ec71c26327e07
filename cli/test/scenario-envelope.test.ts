// Integration test: the mock behind a proxy of the test's own (port 0) that breaks the envelope of one call's
// answers: a JSON body sent as text/html, an envelope without `message`, a UTF-8 byte order mark before the
// body. Scenario steps judge the envelope as `contract check` does (judgedWithEnvelope): the step fails
// naming what is wrong, and the contract check calls the same answer bad-envelope.
import { describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { captureIo } from './support/capture';
import { check, FIXTURES, only } from './support/contractCheck';
import { type PassedRequest, type RewritingOptions, startRewritingBackend } from './support/rewritingBackend';

const onCheck =
  (change: (text: string) => string) =>
  (request: PassedRequest, text: string): string =>
    request.url.pathname.includes('check_display_id') ? change(text) : text;
const noMessage = (text: string) => {
  const json = JSON.parse(text) as Record<string, unknown>;
  delete json.message;
  return JSON.stringify(json);
};

const rows: readonly { lie: string; options: RewritingOptions; scenario: string; says: RegExp }[] = [
  {
    lie: 'a JSON body sent as text/html',
    options: {
      contentType: (request, type) =>
        request.url.pathname.includes('check_display_id') ? 'text/html' : type,
    },
    scenario: 'account-normal',
    says: /^contract: \(content-type\): answered as text\/html; an envelope comes as application\/json/m,
  },
  {
    lie: 'an envelope without message',
    options: { answer: onCheck(noMessage) },
    scenario: 'account-normal',
    says: /^contract: message: the envelope has no message; every answer carries result, message and data/m,
  },
  {
    lie: 'an envelope without message where a message is expected',
    options: { answer: onCheck(noMessage) },
    scenario: 'account-banned',
    says: /^message: expected \{"\$contains":"محظور"\}, but the envelope has no message$/m,
  },
  {
    lie: 'a byte order mark before the body',
    options: { answer: onCheck((text) => `\uFEFF${text}`) },
    scenario: 'account-normal',
    says: /^contract: \(body\): the body begins with a byte order mark \(U\+FEFF\): RFC 8259/m,
  },
];

describe('scenario steps judge the envelope as contract check does', () => {
  it.each(rows)(
    '$lie: $scenario fails, naming it; contract check says bad-envelope',
    async (row) => {
      const backend = await startRewritingBackend((request) => request, row.options);
      try {
        const io = captureIo();
        const args = ['scenario', 'run', row.scenario, '--target', backend.url, '--fixtures', FIXTURES];
        const code = await runCli([...args, '--reporter', 'json'], io);
        expect(code).toBe(1);
        const report = JSON.parse(io.stdout()) as {
          scenarios: { status: string; steps: { label: string; status: string; failures: string[] }[] }[];
        };
        const step = report.scenarios[0]?.steps.find((s) => s.status === 'failed');
        expect(step?.label).toBe('checkDisplayId');
        expect(step?.failures.join('\n')).toMatch(row.says);
        expect(step?.failures.join('\n')).not.toContain('got ""');

        const checked = await check(backend.url, only('checkDisplayId'));
        expect(checked.code).toBe(1);
        expect(checked.report.calls.map((c) => c.outcome)).toContain('bad-envelope');
      } finally {
        await backend.close();
      }
    },
    60_000,
  );
});
