// Integration test: the CLI talks HTTP, so it runs its own mock (--target mock) on a free loopback port.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { captureIo } from './support/capture';

/**
 * A card number or CVV a scenario puts into a card field through `${vars.…}` is masked in every reporter, as
 * the same value written literally is: in an expectation's failure line, a step's label, the request.
 */
const dir = mkdtempSync(join(tmpdir(), 'topup-vars-secrets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Not Luhn-valid and no test card: only its use in a card field makes it a secret.
const PAN = '4111222233334445';
const CVV = '9182';
const file = join(dir, 'vars-card.yaml');
writeFileSync(
  file,
  `version: 1
name: vars-card
description: the card kept in vars, as a QA writes it once for several steps
tags: [cards]
vars: { pan: "${PAN}", code: "${CVV}" }
steps:
  - name: check the code \${vars.code}
    call: checkDisplayId
    params: { display_id: "10000002", source: 1 }
    expect: { message: "\${vars.code}" }
  - id: tok
    name: tokenise \${vars.pan}
    tokenizeCard: { provider: 13, number: "\${vars.pan}", cvv: "\${vars.code}", expiry: "12/30" }
`,
);

describe('secrets from vars', () => {
  for (const reporter of ['pretty', 'json', 'junit', 'html'])
    it(`masks a CVV and card number put into card fields through vars (${reporter}, -v and --out)`, async () => {
      const io = captureIo();
      const out = join(dir, `report.${reporter}`);
      const base = ['scenario', 'run', file, '--target', 'mock', '--last-run-file', join(dir, 'last.json')];
      expect(await runCli([...base, '--reporter', reporter, '-v'], io)).toBe(1);
      expect(await runCli([...base, '--reporter', reporter, '--out', out], captureIo())).toBe(1);
      const text = `${io.stdout()}\n${io.stderr()}\n${readFileSync(out, 'utf8')}`;
      expect(text).toContain('check the code');
      expect(text).not.toContain(CVV);
      expect(text).not.toContain(PAN);
      expect(text).not.toContain(PAN.slice(0, 12));
    });
});
