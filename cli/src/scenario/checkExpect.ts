import type { CallName } from '@topup/contracts';
import { ROOM_EXPECT_KEYS } from '../room/events';
import {
  type AnswerSchema,
  callAnswerSchema,
  expand,
  type JsonSchema,
  ROOM_COUNTER,
  schemasAt,
  simulatorAnswerSchema,
  simulatorRequestProblem,
  tokenizeAnswerSchema,
} from './answerSchemas';
import { isRecord } from './issues';
import { isOperator, typeOf } from './matchers';
import { patternProblem } from './pattern';
import type { InnerStep, SimulatorStep, Step, TokenizeCardStep } from './schema';

/**
 * Every expectation of every step kind held, before anything runs, to what the runner does with it: each
 * path must be one the step's answer can have, each value of a type the field can hold (one of its allowed
 * values, where the schema lists them), each operator given the argument it takes and used on a field it can
 * apply to (`$matches` on text, `$gt` on a number, `$every` on a list). What the runner would fail every time
 * is refused here, with the step and field.
 */
export function checkExpectations(steps: readonly (Step | InnerStep | undefined)[]): string[] {
  const reasons: string[] = [];
  const visit = (step: Step | InnerStep, at: string): void => {
    if ('call' in step) {
      paths(reasons, `${at}.expect.data`, step.expect?.data, callAnswer(step.call, step.expect?.result));
      if (step.expect?.message !== undefined)
        value(reasons, `${at}.expect.message`, step.expect.message, [{ type: 'string' }], undefined);
    } else if ('poll' in step) {
      const answer = callAnswer(step.poll.call, step.expect?.result ?? step.poll.until.result);
      paths(
        reasons,
        `${at}.poll.until.data`,
        step.poll.until.data,
        callAnswer(step.poll.call, step.poll.until.result),
      );
      paths(reasons, `${at}.expect.data`, step.expect?.data, answer);
      if (step.expect?.message !== undefined)
        value(reasons, `${at}.expect.message`, step.expect.message, [{ type: 'string' }], undefined);
    } else if ('control' in step) {
      // The control API's answers have no schema: the operators are still held to their arguments.
      paths(reasons, `${at}.expect.data`, step.expect?.data, undefined);
    } else if ('tokenizeCard' in step) {
      paths(reasons, `${at}.expect.data`, step.expect?.data, tokenizeAnswerSchema(step as TokenizeCardStep));
    } else if ('simulator' in step) {
      const problem = simulatorRequestProblem(step.simulator);
      if (problem !== undefined) reasons.push(`${at}.simulator.${problem}`);
      paths(reasons, `${at}.expect.data`, step.expect?.data, simulatorAnswerSchema(step as SimulatorStep));
    } else if ('room' in step) {
      for (const [j, inner] of (step.room.during ?? []).entries()) visit(inner, `${at}.room.during[${j}]`);
      const expect = step.expect ?? {};
      paths(reasons, `${at}.expect.table`, expect.table, undefined);
      for (const key of ROOM_EXPECT_KEYS) {
        const want = expect[key];
        if (want === undefined) continue;
        // A frame number may be written +N (after the room's sn when the scenario started).
        if (key === 'sn' && typeof want === 'string' && /^\+\d+$/.test(want)) continue;
        value(reasons, `${at}.expect.${key}`, want, [ROOM_COUNTER], undefined);
      }
    }
  };
  for (const [i, step] of steps.entries()) if (step !== undefined) visit(step, `steps[${i}]`);
  return reasons;
}

/** A call's answer data is what an expectation reads when it expects success (result 0). */
function callAnswer(
  call: CallName,
  result: number | readonly number[] | undefined,
): AnswerSchema | undefined {
  const results = result === undefined ? [0] : typeof result === 'number' ? [result] : result;
  return results.includes(0) ? callAnswerSchema(call) : undefined;
}

/** Each `path: matcher` of an expectation against the answer schema (or, without one, its operators only). */
function paths(
  reasons: string[],
  at: string,
  expected: Readonly<Record<string, unknown>> | undefined,
  answer: AnswerSchema | undefined,
): void {
  if (!isRecord(expected)) return;
  for (const [path, want] of Object.entries(expected)) {
    const where = `${at}.${path}`;
    const reached = answer === undefined ? {} : schemasAt(answer, [answer.schema], path);
    if (reached.problem !== undefined) reasons.push(`${where}: ${reached.problem}`);
    else value(reasons, where, want, reached.schemas, answer);
  }
}

const OPERATOR_TYPES = ['string', 'number', 'boolean', 'object', 'array', 'null', 'undefined'];
const isReference = (v: unknown) => typeof v === 'string' && /^\$\{[^}]+\}$/.test(v);

/** The JSON types a field can hold, or undefined when its schema does not say. */
function typesOf(
  schemas: readonly JsonSchema[] | undefined,
  answer: AnswerSchema | undefined,
): Set<string> | undefined {
  if (schemas === undefined) return undefined;
  const defs = answer !== undefined && isRecord(answer.schema.$defs) ? answer.schema.$defs : {};
  const types = new Set<string>();
  for (const schema of schemas) {
    const branches = expand(schema, defs);
    if (branches === undefined) return undefined;
    for (const branch of branches) {
      if (Object.hasOwn(branch, 'const')) types.add(typeOf(branch.const));
      else if (Array.isArray(branch.enum)) for (const v of branch.enum) types.add(typeOf(v));
      else if (typeof branch.type === 'string') types.add(branch.type === 'integer' ? 'number' : branch.type);
      else if (Array.isArray(branch.type))
        for (const t of branch.type) types.add(t === 'integer' ? 'number' : String(t));
      else return undefined;
    }
  }
  return types;
}

/** The values a field may take when its schema lists them all (enums, constants), else undefined. */
function allowedValues(
  schemas: readonly JsonSchema[] | undefined,
  answer: AnswerSchema | undefined,
): unknown[] | undefined {
  if (schemas === undefined) return undefined;
  const defs = answer !== undefined && isRecord(answer.schema.$defs) ? answer.schema.$defs : {};
  const values: unknown[] = [];
  for (const schema of schemas) {
    for (const branch of expand(schema, defs) ?? [{}]) {
      if (Object.hasOwn(branch, 'const')) values.push(branch.const);
      else if (Array.isArray(branch.enum)) values.push(...branch.enum);
      else return undefined;
    }
  }
  return values;
}

const WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  boolean: 'true or false',
  object: 'a mapping',
  array: 'a list',
  null: 'null',
};
const described = (types: Set<string>) => [...types].map((t) => WORDS[t] ?? t).join(' or ');

/** One expected value or matcher against the schemas of the field it reads. */
function value(
  reasons: string[],
  where: string,
  want: unknown,
  schemas: JsonSchema[] | undefined,
  answer: AnswerSchema | undefined,
): void {
  const types = typesOf(schemas, answer);
  const needs = (op: string, wanted: string[], what: string) => {
    if (types !== undefined && !wanted.some((t) => types.has(t)))
      reasons.push(`${where}: ${op} applies to ${what}, but this field holds ${described(types)}`);
  };
  if (isReference(want)) return;
  if (isOperator(want)) {
    for (const [op, arg] of Object.entries(want)) {
      const argument = (ok: boolean, what: string) => {
        if (!ok && !isReference(arg))
          reasons.push(`${where}.${op}: expected ${what}, got ${JSON.stringify(arg)}`);
        return ok;
      };
      if (op === '$eq') value(reasons, where, arg, schemas, answer);
      else if (op === '$ne' || op === '$not') value(reasons, `${where}.${op}`, arg, undefined, undefined);
      else if (op === '$gt' || op === '$gte' || op === '$lt' || op === '$lte') {
        if (argument(typeof arg === 'number', 'a number')) needs(op, ['number'], 'numbers');
      } else if (op === '$matches') {
        const problem =
          argument(typeof arg === 'string', 'a regular expression as text') && !isReference(arg)
            ? patternProblem(arg as string)
            : undefined;
        if (problem !== undefined) reasons.push(`${where}.$matches: ${problem}`);
        needs(op, ['string', 'number'], 'text (or a number, by its digits)');
      } else if (op === '$contains' || op === '$notContains')
        needs(op, ['string', 'array'], 'text or a list');
      else if (op === '$length') {
        needs(op, ['string', 'array'], 'text or a list');
        value(reasons, `${where}.$length`, arg, [{ type: 'integer' }], undefined);
      } else if (op === '$exists') argument(typeof arg === 'boolean', 'true or false');
      else if (op === '$oneOf') {
        if (argument(Array.isArray(arg), 'a list of values'))
          for (const [k, option] of (arg as unknown[]).entries())
            value(reasons, `${where}.$oneOf[${k}]`, option, schemas, answer);
      } else if (op === '$type')
        argument(
          typeof arg === 'string' && OPERATOR_TYPES.includes(arg),
          `one of ${OPERATOR_TYPES.join(', ')}`,
        );
      else if (op === '$every' || op === '$some') {
        needs(op, ['array'], 'a list');
        value(reasons, `${where}.${op}`, arg, itemsOf(schemas, answer), answer);
      }
    }
    return;
  }
  const type = typeOf(want);
  if (types !== undefined && !types.has(type)) {
    reasons.push(
      `${where}: expected ${described(types)} here (the answer cannot hold ${WORDS[type] ?? type}), got ${JSON.stringify(want)}`,
    );
    return;
  }
  const allowed = allowedValues(schemas, answer);
  if (allowed !== undefined && type !== 'object' && type !== 'array' && !allowed.some((v) => v === want)) {
    reasons.push(
      `${where}: expected one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}, got ${JSON.stringify(want)}`,
    );
    return;
  }
  if (Array.isArray(want)) {
    const items = itemsOf(schemas, answer);
    for (const [k, item] of want.entries()) value(reasons, `${where}[${k}]`, item, items, answer);
  } else if (isRecord(want)) {
    for (const [key, inner] of Object.entries(want)) {
      if (answer === undefined || schemas === undefined)
        value(reasons, `${where}.${key}`, inner, undefined, undefined);
      else {
        const reached = schemasAt(answer, schemas, key);
        if (reached.problem !== undefined) reasons.push(`${where}.${key}: ${reached.problem}`);
        else value(reasons, `${where}.${key}`, inner, reached.schemas, answer);
      }
    }
  }
}

/** The schemas of a list field's items. */
function itemsOf(
  schemas: JsonSchema[] | undefined,
  answer: AnswerSchema | undefined,
): JsonSchema[] | undefined {
  if (schemas === undefined || answer === undefined) return undefined;
  return schemasAt(answer, schemas, '0').schemas;
}
