import { escapeUTF8 } from 'entities';
import { budgetLine } from '../contract/budget';
import { mask } from './mask';
import { htmlPage } from './page';
import { formatMs, invalidNote } from './pretty';
import {
  failureRecap,
  headOf,
  type RunReport,
  type ScenarioReport,
  type StepReport,
  shardLine,
} from './types';
import { visible } from './visible';

/** Server text as HTML: escaped, its control characters and bidi overrides written out (visible.ts). */
const text = (s: string, keepNewlines = false): string => escapeUTF8(visible(s, keepNewlines));

const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:24px;color:#1d1d1f;max-width:1100px}
h1{font-size:20px}.passed{color:#137333}.failed{color:#c5221f}.skipped{color:#8a6d00}
details{border:1px solid #ddd;border-radius:6px;margin:8px 0;padding:4px 10px}
summary{cursor:pointer;font-weight:600}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #eee;padding:3px 6px;text-align:left;vertical-align:top}
pre{background:#f6f8fa;padding:8px;overflow:auto;max-height:360px;white-space:pre-wrap;word-break:break-all}
.frame td{color:#555;font-size:12px}.mono{font-family:ui-monospace,monospace}
`;

interface TimelineEntry {
  readonly atMs: number;
  readonly html: string;
}

function stepDetail(step: StepReport): string {
  const parts: string[] = [];
  for (const f of step.failures) parts.push(`<div class="failed">${text(f)}</div>`);
  if (step.skipReason !== undefined)
    parts.push(`<div class="skipped">skipped: ${text(step.skipReason)}</div>`);
  if (step.request !== undefined) {
    const body =
      step.request.body === undefined
        ? ''
        : typeof step.request.body === 'string'
          ? step.request.body
          : JSON.stringify(step.request.body, null, 2);
    parts.push(
      `<details><summary>request ${text(step.request.method)} <span class="mono">${text(step.request.url)}</span></summary><pre>${text(
        `${Object.entries(step.request.headers)
          .map(([k, v]) => `${k}: ${v}`)
          .join('\n')}${body === '' ? '' : `\n\n${body}`}`,
        true,
      )}</pre></details>`,
    );
  }
  if (step.response !== undefined) {
    parts.push(
      `<details${step.status === 'failed' ? ' open' : ''}><summary>response ${text(step.response.networkError ?? `HTTP ${step.response.status}`)}</summary><pre>${text(JSON.stringify(step.response.body, null, 2) ?? '', true)}</pre></details>`,
    );
  }
  if (step.curl !== undefined) parts.push(`<pre class="mono">${text(step.curl)}</pre>`);
  return parts.join('');
}

/** The steps and the room frames of one scenario, on one timeline by their time from its start. */
function timeline(report: ScenarioReport): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  for (const step of report.steps) {
    const at = step.startMs ?? 0;
    entries.push({
      atMs: at,
      html: `<tr class="step"><td>${at} ms</td><td class="${step.status}">${step.status === 'passed' ? '✓' : step.status === 'failed' ? '✗' : '○'}</td><td>${text(`${step.index}. ${step.label}`)}${step.result === undefined ? '' : ` <span class="mono">(result ${step.result})</span>`}${stepDetail(step)}</td><td>${formatMs(step.ms)}</td></tr>`,
    });
    for (const frame of step.frames ?? []) {
      entries.push({
        atMs: at + frame.atMs,
        html: `<tr class="frame"><td>${at + frame.atMs} ms</td><td>room</td><td class="mono" colspan="2">${text(JSON.stringify(frame.event))}</td></tr>`,
      });
    }
  }
  return entries.sort((a, b) => a.atMs - b.atMs);
}

function scenarioSection(s: ScenarioReport): string {
  const notes = [
    s.repeat === undefined ? '' : ` · repeat ${s.repeat}`,
    s.flaky === true ? ` · flaky (attempt ${s.attempts ?? 2})` : '',
    s.interrupted === true ? ' · interrupted' : '',
    s.notRetried === undefined ? '' : ` · not retried: ${s.notRetried}`,
  ].join('');
  return `<details class="scenario"${s.status === 'failed' ? ' open' : ''}><summary><span class="${s.status}">${s.status === 'passed' ? '✓' : s.status === 'failed' ? '✗' : '○'} ${text(s.name)}</span> <small>${formatMs(s.ms)}${text(notes)}</small></summary>
<p>${text(s.description)} <small class="mono">${text(s.file)}</small></p>${s.error === undefined ? '' : `<p class="failed">${text(s.error)}</p>`}
<table><tr><th>at</th><th></th><th>step</th><th>took</th></tr>${timeline(s)
    .map((e) => e.html)
    .join('\n')}</table></details>`;
}

/**
 * One self-contained page per run (no scripts, no external files), so it opens from a CI artifact: the
 * verdict and recap, then each scenario with its steps, requests, responses, timings and room frames.
 */
export function scenarioToHtml(raw: RunReport): string {
  const report = mask(raw);
  const { scenarios, steps } = report.totals;
  const recap = failureRecap(report);
  const comparison =
    report.comparison === undefined
      ? ''
      : `<h2>Compared with ${text(report.comparison.against)}</h2><ul>${
          report.comparison.differences.length === 0
            ? '<li>no differences</li>'
            : report.comparison.differences.map((d) => `<li class="failed">${text(d)}</li>`).join('')
        }${(report.comparison.notCompared ?? []).map((d) => `<li>not compared: ${text(d)}</li>`).join('')}</ul>`;
  const invalid = (report.invalidFiles ?? [])
    .map(
      (f) =>
        `<details open><summary class="failed">invalid file ${text(f.file)}</summary><ul>${f.reasons.map((r) => `<li>${text(r)}</li>`).join('')}</ul></details>`,
    )
    .join('');
  const head = headOf(report);
  const title = `topup: ${report.passed ? 'PASSED' : 'FAILED'} ${head.count}`;
  return htmlPage(
    title,
    STYLE,
    `<h1 class="${report.passed ? 'passed' : 'failed'}">${report.passed ? 'PASSED' : report.interrupted === true ? 'INTERRUPTED' : 'FAILED'} · ${text(head.count)} against ${text(report.target)}${head.why === undefined ? '' : ` (${text(head.why)})`}</h1>
<p>started ${text(report.startedAt)} · ${formatMs(report.ms)} · scenarios ${scenarios.passed} passed, ${scenarios.failed} failed${invalidNote(scenarios.invalid)}, ${scenarios.skipped} skipped · steps ${steps.passed} passed, ${steps.failed} failed, ${steps.skipped} skipped${shardLine(report) === undefined ? '' : ` · ${text(shardLine(report) ?? '')}`} · ${text(budgetLine())}</p>
${recap.length === 0 ? '' : `<h2>Failures</h2><ul id="recap">${recap.map((r) => `<li class="failed">${text(r)}</li>`).join('')}</ul>`}
${comparison}${invalid}
${report.scenarios.map(scenarioSection).join('\n')}
`,
  );
}
