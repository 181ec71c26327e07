import { escapeUTF8 } from 'entities';
import { budgetLine } from '../contract/budget';
import { mask } from './mask';
import { failureRecap, type RunReport, shardLine } from './types';
import { visible } from './visible';

/**
 * XML text and attribute escaping: control characters and bidi overrides written out as escapes
 * (visible.ts), so server text cannot reorder or break a CI viewer's lines (`keepNewlines` for text whose
 * lines the CLI joined itself); characters XML 1.0 forbids are dropped.
 */
export function xmlEscape(text: string, keepNewlines = false): string {
  return escapeUTF8([...visible(mask(text), keepNewlines)].filter(allowedInXml).join(''));
}

/** XML 1.0 allows tab, newline, carriage return and everything from space up, minus the surrogates and FFFE/FFFF. */
function allowedInXml(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  if (code === 0x9 || code === 0xa || code === 0xd) return true;
  return code >= 0x20 && code !== 0xfffe && code !== 0xffff && !(code >= 0xd800 && code <= 0xdfff);
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);

export interface JUnitCase {
  readonly classname: string;
  readonly name: string;
  readonly ms: number;
  readonly status: 'passed' | 'failed' | 'skipped';
  readonly failures: readonly string[];
  readonly skipReason?: string;
  /** Named values of the case (a contract call's outcome and result), as `<properties>` inside it. */
  readonly properties?: Readonly<Record<string, string>>;
  /** Text for the case's own system-out (what a pass rests on: a refusal that was expected). */
  readonly systemOut?: string;
  /** `--retries`: what an earlier attempt of this step got, as Surefire's `<flakyFailure>` (or rerunFailure). */
  readonly earlierFailures?: readonly {
    readonly kind: 'flakyFailure' | 'rerunFailure';
    readonly failures: readonly string[];
  }[];
}

export interface JUnitSuite {
  readonly name: string;
  readonly ms: number;
  readonly cases: readonly JUnitCase[];
  /** A suite-level error (the scenario could not start): a `setup` testcase in error, counted in tests. */
  readonly error?: string;
  /** Text for the suite's system-out (the failure recap). */
  readonly systemOut?: string;
  /** Named values of the suite (what varies from run to run stays out of its name: attempts, targets). */
  readonly properties?: Readonly<Record<string, string>>;
}

/** JUnit XML as CI servers read it: one testsuite per scenario (or per contract area), one testcase per step. */
export function formatJUnit(name: string, suites: readonly JUnitSuite[], ms: number): string {
  const count = (s: JUnitSuite, status: JUnitCase['status']) =>
    s.cases.filter((c) => c.status === status).length;
  const all = suites.flatMap((s) => s.cases);
  const errors = suites.filter((s) => s.error !== undefined).length;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xmlEscape(name)}" tests="${all.length + errors}" failures="${all.filter((c) => c.status === 'failed').length}" errors="${errors}" skipped="${all.filter((c) => c.status === 'skipped').length}" time="${seconds(ms)}">`,
  ];
  for (const suite of suites) {
    const setup = suite.error === undefined ? 0 : 1;
    lines.push(
      `  <testsuite name="${xmlEscape(suite.name)}" tests="${suite.cases.length + setup}" failures="${count(suite, 'failed')}" errors="${setup}" skipped="${count(suite, 'skipped')}" time="${seconds(suite.ms)}">`,
    );
    lines.push(...propertyLines(suite.properties, '    '));
    if (suite.error !== undefined) {
      lines.push(`    <testcase classname="${xmlEscape(suite.name)}" name="setup" time="0.000">`);
      lines.push(`      <error message="${xmlEscape(suite.error)}">${xmlEscape(suite.error, true)}</error>`);
      lines.push('    </testcase>');
    }
    for (const c of suite.cases) {
      const open = `    <testcase classname="${xmlEscape(c.classname)}" name="${xmlEscape(c.name)}" time="${seconds(c.ms)}"`;
      const properties = propertyLines(c.properties, '      ');
      const earlier = c.earlierFailures ?? [];
      if (
        c.status === 'passed' &&
        properties.length === 0 &&
        c.systemOut === undefined &&
        earlier.length === 0
      ) {
        lines.push(`${open}/>`);
        continue;
      }
      lines.push(`${open}>`);
      lines.push(...properties);
      if (c.status === 'passed') {
        // nothing failed or skipped: the properties and system-out say what the pass rests on
      } else if (c.status === 'skipped')
        lines.push(`      <skipped message="${xmlEscape(c.skipReason ?? 'skipped')}"/>`);
      else {
        const first = c.failures[0] ?? 'failed';
        lines.push(
          `      <failure message="${xmlEscape(first)}" type="AssertionError">${c.failures.map((f) => xmlEscape(f)).join('\n')}</failure>`,
        );
      }
      for (const e of earlier)
        lines.push(
          `      <${e.kind} message="${xmlEscape(e.failures[0] ?? 'failed')}" type="AssertionError">${e.failures.map((f) => xmlEscape(f)).join('\n')}</${e.kind}>`,
        );
      if (c.systemOut !== undefined) lines.push(`      <system-out>${xmlEscape(c.systemOut)}</system-out>`);
      lines.push('    </testcase>');
    }
    if (suite.systemOut !== undefined)
      lines.push(`    <system-out>${xmlEscape(suite.systemOut, true)}</system-out>`);
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>');
  return `${lines.join('\n')}\n`;
}

function propertyLines(properties: Readonly<Record<string, string>> | undefined, indent: string): string[] {
  const entries = Object.entries(properties ?? {});
  if (entries.length === 0) return [];
  return [
    `${indent}<properties>`,
    ...entries.map(
      ([key, value]) => `${indent}  <property name="${xmlEscape(key)}" value="${xmlEscape(value)}"/>`,
    ),
    `${indent}</properties>`,
  ];
}

/**
 * One testsuite per scenario run (a repeat or a flaky pass says so in its name), then the invalid files as
 * suites in error, the comparison as a suite whose cases are its differences, an interruption as an error,
 * and a last suite whose system-out is the failure recap. Its counts agree with the exit code.
 */
export function scenariosToJUnit(report: RunReport): string {
  const suites: JUnitSuite[] = report.scenarios.map((s) => {
    // The name stays the same from run to run; attempts and what they got are properties and system-out.
    const name = s.repeat === undefined ? s.name : `${s.name} (repeat ${s.repeat})`;
    const attempts = s.failedAttempts ?? [];
    const kind = s.status === 'passed' ? ('flakyFailure' as const) : ('rerunFailure' as const);
    const properties: Record<string, string> = {
      ...(s.attempts === undefined ? {} : { attempts: String(s.attempts) }),
      ...(s.flaky === true ? { flaky: `passed on attempt ${s.attempts ?? 2}` } : {}),
      ...(s.notRetried === undefined ? {} : { 'not retried': s.notRetried }),
    };
    const attemptLines = attempts.map(
      (a) => `attempt ${a.attempt} failed at step ${a.step} (${a.label}): ${a.failures.join('; ')}`,
    );
    return {
      name,
      ms: s.ms,
      properties,
      ...(attemptLines.length === 0 ? {} : { systemOut: attemptLines.map((l) => visible(l)).join('\n') }),
      ...(s.error === undefined ? {} : { error: visible(s.error) }),
      cases: s.steps.map((step) => {
        const earlier = attempts
          .filter((a) => a.step === step.index)
          .map((a) => ({
            kind,
            failures: [`attempt ${a.attempt}: ${a.failures[0] ?? 'failed'}`, ...a.failures.slice(1)],
          }));
        return {
          classname: name,
          name: `${step.index}. ${step.written ?? step.label}`,
          ms: step.ms,
          status: step.status,
          failures: step.curl === undefined ? step.failures : [...step.failures, `repeat: ${step.curl}`],
          ...(step.written === undefined ? {} : { properties: { label: step.label } }),
          ...(earlier.length === 0 ? {} : { earlierFailures: earlier }),
          ...(step.skipReason === undefined ? {} : { skipReason: step.skipReason }),
        };
      }),
    };
  });
  for (const f of report.invalidFiles ?? []) {
    const error = f.reasons.map((r) => visible(r)).join('\n');
    suites.push({ name: `invalid file ${f.file}`, ms: 0, error, cases: [] });
  }
  for (const why of report.notRun ?? []) suites.push({ name: 'not run', ms: 0, error: why, cases: [] });
  const notRunWhy =
    report.interrupted === true
      ? `interrupted (${report.interruptedBy ?? 'Ctrl-C'}) before it started`
      : report.notRun?.[0];
  for (const name of report.notRunScenarios ?? [])
    suites.push({ name, ms: 0, error: `not run: ${notRunWhy ?? 'the run ended before it'}`, cases: [] });
  if (report.comparison !== undefined) {
    const c = report.comparison;
    const name = `compare with ${c.against}`;
    suites.push({
      name,
      ms: 0,
      cases: [
        ...c.differences.map((d) => ({
          classname: name,
          name: d,
          ms: 0,
          status: 'failed' as const,
          failures: [d],
        })),
        ...c.failed.map((n) => ({
          classname: name,
          name: `${n} against ${c.against}`,
          ms: 0,
          status: 'failed' as const,
          failures: [
            `${n} failed against ${c.against}${c.failedWhy?.[n] === undefined ? '' : `: ${c.failedWhy[n]}`}`,
          ],
        })),
        ...(c.differences.length === 0 && c.failed.length === 0
          ? [{ classname: name, name: 'no differences', ms: 0, status: 'passed' as const, failures: [] }]
          : []),
      ],
    });
  }
  if (report.interrupted === true) {
    suites.push({
      name: 'interrupted',
      ms: 0,
      error: `the run was interrupted (${report.interruptedBy ?? 'Ctrl-C'}) before every scenario finished`,
      cases: [],
    });
  }
  const recap = failureRecap(report);
  suites.push({
    name: 'summary',
    ms: 0,
    cases: [],
    systemOut: [
      report.passed ? 'PASSED' : 'FAILED',
      `target ${report.target}`,
      shardLine(report),
      budgetLine(),
      ...recap,
    ]
      .filter((line) => line !== undefined)
      .map((line) => visible(line))
      .join('\n'),
  });
  return formatJUnit(`topup scenarios against ${stableTarget(report.target)}`, suites, report.ms);
}

/** The target as the JUnit name gives it: a mock's temporary port is left to the summary's properties. */
const stableTarget = (target: string): string => (target.startsWith('mock (') ? 'mock' : target);
