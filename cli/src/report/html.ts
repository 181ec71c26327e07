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
  for (const f of step.failures) parts.push(`<div class="failed">${escapeUTF8(f)}</div>`);
  if (step.skipReason !== undefined)
    parts.push(`<div class="skipped">skipped: ${escapeUTF8(step.skipReason)}</div>`);
  if (step.request !== undefined) {
    const body =
      step.request.body === undefined
        ? ''
        : typeof step.request.body === 'string'
          ? step.request.body
          : JSON.stringify(step.request.body, null, 2);
    parts.push(
      `<details><summary>request ${escapeUTF8(step.request.method)} <span class="mono">${escapeUTF8(step.request.url)}</span></summary><pre>${escapeUTF8(
        `${Object.entries(step.request.headers)
          .map(([k, v]) => `${k}: ${v}`)
          .join('\n')}${body === '' ? '' : `\n\n${body}`}`,
      )}</pre></details>`,
    );
  }
  if (step.response !== undefined) {
    parts.push(
      `<details${step.status === 'failed' ? ' open' : ''}><summary>response ${escapeUTF8(step.response.networkError ?? `HTTP ${step.response.status}`)}</summary><pre>${escapeUTF8(JSON.stringify(step.response.body, null, 2) ?? '')}</pre></details>`,
    );
  }
  if (step.curl !== undefined) parts.push(`<pre class="mono">${escapeUTF8(step.curl)}</pre>`);
  return parts.join('');
}

/** The steps and the room frames of one scenario, on one timeline by their time from its start. */
function timeline(report: ScenarioReport): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  for (const step of report.steps) {
    const at = step.startMs ?? 0;
    entries.push({
      atMs: at,
      html: `<tr class="step"><td>${at} ms</td><td class="${step.status}">${step.status === 'passed' ? '✓' : step.status === 'failed' ? '✗' : '○'}</td><td>${escapeUTF8(`${step.index}. ${step.label}`)}${step.result === undefined ? '' : ` <span class="mono">(result ${step.result})</span>`}${stepDetail(step)}</td><td>${formatMs(step.ms)}</td></tr>`,
    });
    for (const frame of step.frames ?? []) {
      entries.push({
        atMs: at + frame.atMs,
        html: `<tr class="frame"><td>${at + frame.atMs} ms</td><td>room</td><td class="mono" colspan="2">${escapeUTF8(JSON.stringify(frame.event))}</td></tr>`,
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
  return `<details class="scenario"${s.status === 'failed' ? ' open' : ''}><summary><span class="${s.status}">${s.status === 'passed' ? '✓' : s.status === 'failed' ? '✗' : '○'} ${escapeUTF8(s.name)}</span> <small>${formatMs(s.ms)}${escapeUTF8(notes)}</small></summary>
<p>${escapeUTF8(s.description)} <small class="mono">${escapeUTF8(s.file)}</small></p>${s.error === undefined ? '' : `<p class="failed">${escapeUTF8(s.error)}</p>`}
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
      : `<h2>Compared with ${escapeUTF8(report.comparison.against)}</h2><ul>${
          report.comparison.differences.length === 0
            ? '<li>no differences</li>'
            : report.comparison.differences.map((d) => `<li class="failed">${escapeUTF8(d)}</li>`).join('')
        }${(report.comparison.notCompared ?? []).map((d) => `<li>not compared: ${escapeUTF8(d)}</li>`).join('')}</ul>`;
  const invalid = (report.invalidFiles ?? [])
    .map(
      (f) =>
        `<details open><summary class="failed">invalid file ${escapeUTF8(f.file)}</summary><ul>${f.reasons.map((r) => `<li>${escapeUTF8(r)}</li>`).join('')}</ul></details>`,
    )
    .join('');
  const head = headOf(report);
  const title = `topup: ${report.passed ? 'PASSED' : 'FAILED'} ${head.count}`;
  return htmlPage(
    title,
    STYLE,
    `<h1 class="${report.passed ? 'passed' : 'failed'}">${report.passed ? 'PASSED' : report.interrupted === true ? 'INTERRUPTED' : 'FAILED'} · ${escapeUTF8(head.count)} against ${escapeUTF8(report.target)}${head.why === undefined ? '' : ` (${escapeUTF8(head.why)})`}</h1>
<p>started ${escapeUTF8(report.startedAt)} · ${formatMs(report.ms)} · scenarios ${scenarios.passed} passed, ${scenarios.failed} failed${invalidNote(scenarios.invalid)}, ${scenarios.skipped} skipped · steps ${steps.passed} passed, ${steps.failed} failed, ${steps.skipped} skipped${shardLine(report) === undefined ? '' : ` · ${escapeUTF8(shardLine(report) ?? '')}`} · ${escapeUTF8(budgetLine())}</p>
${recap.length === 0 ? '' : `<h2>Failures</h2><ul id="recap">${recap.map((r) => `<li class="failed">${escapeUTF8(r)}</li>`).join('')}</ul>`}
${comparison}${invalid}
${report.scenarios.map(scenarioSection).join('\n')}
`,
  );
}
