import {
  CALL_NAMES,
  type Directive,
  DirectiveSchema,
  isCallName,
  ROOM_STATUS_KEYS,
  ServerCode,
} from '@topup/contracts';
import type { JournalEntry } from '@topup/mock-server/control/state';
import { ROOM_FAULT_KINDS } from '@topup/mock-server/room/broadcast';
import { type RawAnswer, sendJson } from '../http/client';
import { onStopSignal } from '../interrupt';
import { ExitCode, type Io, UsageError } from '../io';
import { mask } from '../report/mask';
import { didYouMean } from '../scenario/didYouMean';
import { forcedResultProblem } from '../scenario/forced';
import { type MockTarget, mockBaseOf, verifyMock } from './mockTarget';

/**
 * Triggers on a running mock, as Stripe CLI's `trigger`: each goes through the control API with the same
 * request helper as scenario control steps (`sendJson`), so it carries what the control API asks of callers.
 */

/** One clear line for a control request that did not do what was asked; 0 when it did. */
function judgeControl(raw: RawAnswer, what: string, target: string, io: Io): number {
  if (raw.networkError !== undefined) {
    io.err(`topup: no mock answers at ${target}: ${raw.networkError}\n`);
    return ExitCode.failed;
  }
  if (raw.status === 404) {
    io.err(`topup: ${target} has no control API (a real backend, or a mock started with --no-control)\n`);
    return ExitCode.failed;
  }
  const body = raw.body as { result?: unknown; message?: unknown } | undefined;
  if (body === null || typeof body !== 'object' || typeof body.result !== 'number') {
    // Not an envelope at all: the answer is no refusal of the mock's, and says nothing of what was done.
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    io.err(
      `topup: ${what}: ${target} answered HTTP ${raw.status} with no control API envelope (${JSON.stringify(text.slice(0, 80))}); not the mock's control API, nothing was done\n`,
    );
    return ExitCode.failed;
  }
  if (raw.status !== 200 || body.result !== 0) {
    const message =
      typeof body?.message === 'string' && body.message !== '' ? body.message : JSON.stringify(body);
    // A wrong argument (HTTP 400, or the invalid-parameter code) is the caller's: exit 2, one English line.
    if (raw.status === 400 || body.result === ServerCode.invalidParam) {
      io.err(`topup: ${what}: ${wrongArgument(message)}\n`);
      return ExitCode.usage;
    }
    io.err(`topup: the mock refused ${what} (HTTP ${raw.status}): ${message}\n`);
    return ExitCode.failed;
  }
  return ExitCode.ok;
}

/** The English part of the mock's invalid-parameter message (after its Arabic prefix), as a wrong argument. */
function wrongArgument(message: string): string {
  const past = /frame (\d+) is already out \(room at (\d+)\)/.exec(message);
  if (past !== null) {
    const now = Number(past[2]);
    return `a wrong --sn: frame ${past[1]} is already out (the room is at sn ${now}); fault a future frame, such as --sn ${now + 1}, or the next one whatever the sn: --sn +1`;
  }
  const english = /[A-Za-z].*$/.exec(message.replace(/^[^:]*[\u0600-\u06FF][^:]*:\s*/, ''));
  return `a wrong argument${english === null ? '' : ` (the mock says: ${english[0]})`}`;
}

/** The ops the contracts' directive union names (a zod/mini schema: read through its public def). */
const DIRECTIVE_OPS: string[] = DirectiveSchema.def.options.flatMap((option) =>
  option.def.shape.op.def.values.map(String),
);

/** Each directive of `room push` checked here, so a wrong one gets one line naming the allowed ops. */
function directiveProblem(directives: readonly unknown[]): string | undefined {
  for (const [i, directive] of directives.entries()) {
    if (directive === null || typeof directive !== 'object' || Array.isArray(directive))
      return `directive [${i}] is not an object such as {"op":"mset","values":{"fans_count":1}}`;
    const op = (directive as { op?: unknown }).op;
    if (typeof op !== 'string' || !DIRECTIVE_OPS.includes(op)) {
      const got = typeof op === 'string' ? `unknown op '${op}'${didYouMean(op, DIRECTIVE_OPS)}` : 'no op';
      return `directive [${i}]: ${got}; valid ops: ${DIRECTIVE_OPS.join(', ')}`;
    }
    const parsed = DirectiveSchema.safeParse(directive);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const at = issue === undefined || issue.path.length === 0 ? '' : `.${issue.path.join('.')}`;
      return `directive [${i}] (${op})${at}: ${issue?.message ?? 'invalid'}`;
    }
  }
  return undefined;
}

/**
 * Keys the directives touch that are not status keys of SPEC §3. A server may add keys, so they are pushed
 * all the same, but a misspelt key (`fans_cont`) would change nothing the app shows: said, with a guess.
 */
export function unknownStatusKeys(directives: readonly Directive[]): string[] {
  const known: readonly string[] = ROOM_STATUS_KEYS;
  const warnings: string[] = [];
  for (const [i, directive] of directives.entries()) {
    const keys = directive.op === 'mset' ? Object.keys(directive.values) : [directive.key];
    for (const key of keys.filter((k) => !known.includes(k)))
      warnings.push(`directive [${i}] (${directive.op}) touches '${key}'${didYouMean(key, known)}`);
  }
  return warnings;
}

/** `delay:3000`, `http:503`, `hang`, `reset`, or a result code. */
export function parseForcedAnswer(answer: string, message?: string): Record<string, unknown> {
  const [kind, arg] = answer.split(':');
  if (/^-?\d+$/.test(answer)) {
    const result = Number(answer);
    if (result === 0) throw new UsageError('force a non-zero result code (0 is the normal answer)');
    return message === undefined ? { result } : { result, message };
  }
  if (kind === 'hang' || kind === 'reset') return { fault: kind };
  if (kind === 'delay' && arg !== undefined && /^\d+$/.test(arg)) return { fault: 'delay', ms: Number(arg) };
  if (kind === 'http' && arg !== undefined && /^5\d\d$/.test(arg))
    return { fault: 'http', status: Number(arg) };
  throw new UsageError(
    `the answer is a result code the call can answer (25001 for createCoinPay) or a fault: delay:<ms>, http:<5xx>, hang, reset; not ${answer}`,
  );
}

export async function mockForceCommand(
  options: {
    call?: string;
    answer?: string;
    times?: number;
    message?: string;
    clear?: boolean;
  } & MockTarget,
  io: Io,
): Promise<number> {
  const base = mockBaseOf(options.clear === true ? 'mock unforce' : 'mock force', options);
  if (options.clear === true) {
    if (!(await verifyMock('mock unforce', base, io))) return ExitCode.failed;
    const raw = await sendJson(base, 'DELETE', '/__mock/force', {}, 5000);
    const code = judgeControl(raw, 'clearing forced answers', base, io);
    if (code === ExitCode.ok) io.out('cleared every forced answer\n');
    return code;
  }
  const call = options.call ?? '';
  if (!isCallName(call))
    throw new UsageError(`unknown call ${call}${didYouMean(call, CALL_NAMES)}; see topup contract openapi`);
  const answer = parseForcedAnswer(options.answer ?? '', options.message);
  const problem = typeof answer.result === 'number' ? forcedResultProblem(call, answer.result) : undefined;
  if (problem !== undefined) throw new UsageError(problem);
  if (!(await verifyMock('mock force', base, io))) return ExitCode.failed;
  const raw = await sendJson(
    base,
    'POST',
    '/__mock/force',
    { call, times: options.times ?? 1, answer },
    5000,
  );
  const code = judgeControl(raw, `forcing ${call}`, base, io);
  if (code === ExitCode.ok) {
    io.out(`the next ${options.times ?? 1} answer(s) of ${call} are forced: ${JSON.stringify(answer)}\n`);
  }
  return code;
}

export async function roomControlCommand(
  action: 'push' | 'fault' | 'close',
  rid: string,
  options: Record<string, unknown> & MockTarget & { directives?: string },
  io: Io,
): Promise<number> {
  const base = mockBaseOf(`room ${action}`, options);
  if (!/^[1-9]\d{0,15}$/.test(rid)) throw new UsageError(`a room id is a positive whole number, not ${rid}`);
  let body: Record<string, unknown>;
  if (action === 'push') {
    let directives: unknown;
    try {
      directives = JSON.parse(options.directives ?? '[]');
    } catch (error) {
      throw new UsageError(
        `directives are a JSON list, such as '[{"op":"mset","values":{"fans_count":1}}]': ${(error as Error).message}`,
      );
    }
    if (!Array.isArray(directives)) throw new UsageError('directives are a JSON list of directive objects');
    const problem = directiveProblem(directives);
    if (problem !== undefined) throw new UsageError(problem);
    const unknown = unknownStatusKeys(directives as Directive[]);
    if (unknown.length > 0)
      io.err(
        `warning: not a status key of SPEC §3: ${unknown.join('; ')}; pushed all the same (a server may add keys)\n`,
      );
    body = { directives };
  } else if (action === 'fault') {
    const fault = String(options.fault);
    if (!(ROOM_FAULT_KINDS as readonly string[]).includes(fault)) {
      throw new UsageError(`--fault takes drop, duplicate, reorder or delay, not ${fault}`);
    }
    body = { sn: options.sn, fault, ...(options.ms === undefined ? {} : { ms: options.ms }) };
  } else body = options.code === undefined ? {} : { code: options.code };
  const path = `/__mock/rooms/${rid}/${action === 'fault' ? 'faults' : action}`;
  if (!(await verifyMock(`room ${action}`, base, io))) return ExitCode.failed;
  if (typeof body.sn === 'string') {
    // `--sn +N`: N frames after the room's sn now, read from the mock just before the fault is set.
    const room = await sendJson(base, 'GET', `/__mock/rooms/${rid}`, undefined, 5000);
    const now = (room.body as { data?: { sn?: unknown } } | undefined)?.data?.sn;
    if (room.status !== 200 || typeof now !== 'number') {
      io.err(
        `topup: fault on room ${rid}: could not read the room's sn for --sn ${body.sn} (HTTP ${room.status})\n`,
      );
      return ExitCode.failed;
    }
    body = { ...body, sn: now + Number(body.sn.slice(1)) };
  }
  const raw = await sendJson(base, 'POST', path, body, 5000);
  const code = judgeControl(raw, `${action} on room ${rid}`, base, io);
  if (code === ExitCode.ok) io.out(`${JSON.stringify((raw.body as { data?: unknown }).data ?? {})}\n`);
  return code;
}

/** Whether a journal row carries this session key or device id anywhere in its parameters. */
function carries(params: unknown, session: string): boolean {
  if (typeof params === 'string' || typeof params === 'number') return String(params) === session;
  if (Array.isArray(params)) return params.some((p) => carries(p, session));
  if (params !== null && typeof params === 'object')
    return Object.values(params).some((p) => carries(p, session));
  return false;
}

export interface MockTailOptions extends MockTarget {
  call: string[];
  result: string[];
  session?: string;
  json?: boolean;
  interval: number;
  count?: number;
}

/** `mock tail`: follows the journal — each request and its answer, secrets redacted by the mock and again here. */
export async function mockTailCommand(options: MockTailOptions, io: Io): Promise<number> {
  const base = mockBaseOf('mock tail', options);
  const unknown = options.call.filter((c) => !isCallName(c));
  if (unknown.length > 0)
    throw new UsageError(`unknown call ${unknown.join(', ')}; see topup contract openapi`);
  const bad = options.result.filter((r) => r !== 'fault' && !/^-?\d+$/.test(r));
  if (bad.length > 0) throw new UsageError(`--result takes a result code or fault, not ${bad.join(', ')}`);
  if (!(await verifyMock('mock tail', base, io))) return ExitCode.failed;
  // Ctrl-C or SIGTERM ends the tail, as `tail -f`: exit 130.
  const controller = new AbortController();
  const offStop = onStopSignal(() => controller.abort());
  let lastSeq = -1;
  let shown = 0;
  try {
    io.err(`following the journal of ${base} (Ctrl-C to stop)\n`);
    while (!controller.signal.aborted) {
      const raw = await sendJson(
        base,
        'GET',
        '/__mock/journal?limit=2000',
        undefined,
        5000,
        controller.signal,
      );
      if (controller.signal.aborted) break;
      const code = judgeControl(raw, 'reading the journal', base, io);
      if (code !== ExitCode.ok) return code;
      const rows = ((raw.body as { data?: { entries?: JournalEntry[] } }).data?.entries ?? []).filter(
        (r) => r.seq > lastSeq,
      );
      // The first read shows only what comes next, as `tail -f` does.
      if (lastSeq < 0) {
        lastSeq = rows.reduce((m, r) => Math.max(m, r.seq), 0);
      } else {
        for (const row of rows) {
          lastSeq = Math.max(lastSeq, row.seq);
          if (options.call.length > 0 && !options.call.includes(row.call)) continue;
          if (options.result.length > 0 && !options.result.includes(String(row.result))) continue;
          if (options.session !== undefined && !carries(row.params, options.session)) continue;
          const masked = mask(row);
          io.out(
            options.json === true
              ? `${JSON.stringify(masked)}\n`
              : `${masked.at.slice(11, 23)}  ${masked.call.padEnd(26)} ${String(masked.result).padEnd(6)} ${String(masked.ms).padStart(4)} ms  ${masked.method} ${masked.path}\n    → ${JSON.stringify(masked.params)}\n    ← ${masked.answer === undefined ? '(transport fault: no answer)' : JSON.stringify(masked.answer)}\n`,
          );
          shown += 1;
          if (options.count !== undefined && shown >= options.count) return ExitCode.ok;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, options.interval));
    }
    return ExitCode.interrupted;
  } finally {
    offStop();
  }
}
