import { escapeUTF8 } from 'entities';
import { htmlPage } from '../report/page';
import { type CoverageMatrix, gaps, type MatrixRow, testCount } from './matrix';
import { SECTIONS } from './rows';

export const COVERAGE_FORMATS = ['md', 'json', 'html', 'summary'] as const;
export type CoverageFormat = (typeof COVERAGE_FORMATS)[number];

function sectionCounts(matrix: CoverageMatrix) {
  return SECTIONS.map((section) => {
    const rows = matrix.rows.filter((r) => r.section === section);
    return {
      section,
      rows: rows.length,
      covered: rows.filter((r) => testCount(r) > 0).length,
      explained: rows.filter((r) => testCount(r) === 0 && r.untested !== undefined).length,
    };
  });
}

/** The summary table the README shows, then the rows without a test and why. */
export function formatSummary(matrix: CoverageMatrix): string {
  const lines = [
    '| section | rows | covered | explained gaps | unexplained |',
    '| --- | --- | --- | --- | --- |',
    ...sectionCounts(matrix).map(
      (s) =>
        `| ${s.section} | ${s.rows} | ${s.covered} | ${s.explained} | ${s.rows - s.covered - s.explained} |`,
    ),
  ];
  const uncovered = matrix.rows.filter((r) => testCount(r) === 0);
  if (uncovered.length > 0) {
    lines.push('', 'Rows with no test:', '');
    for (const r of uncovered) {
      const failing =
        r.notPassed.length > 0 ? ` (tagged tests that did not pass: ${r.notPassed.length})` : '';
      lines.push(`- \`${r.id}\` ${r.title}: ${r.untested ?? '**no test and no explanation**'}${failing}`);
    }
  }
  if (matrix.unknownTags.length > 0) {
    lines.push('', 'Tags that name no row:', '');
    for (const tag of matrix.unknownTags) lines.push(`- ${tag}`);
  }
  return `${lines.join('\n')}\n`;
}

const cell = (items: readonly string[], max = 4) =>
  items.length === 0
    ? '—'
    : `${items
        .slice(0, max)
        .map((i) => `\`${i}\``)
        .join(', ')}${items.length > max ? ` +${items.length - max}` : ''}`;

export function formatMarkdown(matrix: CoverageMatrix): string {
  const lines = ['# Spec coverage matrix', '', formatSummary(matrix).trimEnd()];
  for (const section of SECTIONS) {
    lines.push(
      '',
      `## ${section}`,
      '',
      '| row | spec | unit tests | scenarios | e2e specs |',
      '| --- | --- | --- | --- | --- |',
    );
    for (const r of matrix.rows.filter((row) => row.section === section)) {
      const title =
        r.untested === undefined || testCount(r) > 0 ? r.title : `${r.title} (untested: ${r.untested})`;
      lines.push(
        `| \`${r.id}\` | ${title.replaceAll('|', '\\|')} | ${cell(r.unit)} | ${cell(r.scenario)} | ${cell(r.e2e)} |`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

const list = (items: readonly string[]) =>
  items.length === 0
    ? '<td class="none">—</td>'
    : `<td>${items.map((i) => `<code>${escapeUTF8(i)}</code>`).join('<br>')}</td>`;

export function formatHtml(matrix: CoverageMatrix): string {
  const rowHtml = (r: MatrixRow) =>
    `<tr class="${testCount(r) > 0 ? 'covered' : r.untested === undefined ? 'gap' : 'explained'}"><td><code>${escapeUTF8(r.id)}</code></td><td>${escapeUTF8(r.title)}${r.untested === undefined ? '' : `<br><small>${escapeUTF8(r.untested)}</small>`}</td>${list(r.unit)}${list(r.scenario)}${list(r.e2e)}</tr>`;
  const sections = SECTIONS.map(
    (section) =>
      `<h2>${section}</h2><table><thead><tr><th>row</th><th>spec</th><th>unit tests</th><th>scenarios</th><th>e2e specs</th></tr></thead><tbody>${matrix.rows
        .filter((r) => r.section === section)
        .map(rowHtml)
        .join('\n')}</tbody></table>`,
  ).join('\n');
  const summary = sectionCounts(matrix)
    .map((s) => `<li>${s.section}: ${s.covered} of ${s.rows} rows covered, ${s.explained} explained</li>`)
    .join('');
  return htmlPage(
    'Spec coverage matrix',
    'body{font:14px system-ui,sans-serif;margin:2em}table{border-collapse:collapse;margin-bottom:2em}td,th{border:1px solid #ccc;padding:.2em .5em;vertical-align:top;text-align:start}.gap{background:#fdd}.explained{background:#ffd}.none{color:#999}',
    `<h1>Spec coverage matrix</h1><ul>${summary}</ul>
${sections}
`,
  );
}

export function formatMatrix(matrix: CoverageMatrix, format: CoverageFormat): string {
  switch (format) {
    case 'json':
      return `${JSON.stringify({ ...matrix, ...gaps(matrix) }, null, 2)}\n`;
    case 'html':
      return formatHtml(matrix);
    case 'summary':
      return formatSummary(matrix);
    default:
      return formatMarkdown(matrix);
  }
}
