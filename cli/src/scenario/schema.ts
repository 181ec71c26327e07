// biome-ignore-all lint/suspicious/noTemplateCurlyInString: scenario references are written ${...} inside plain strings
import { z } from 'zod';
import { CONTROL_ACTIONS, ControlActionSchema } from './controlSchema';
import { didYouMean } from './didYouMean';
import { FIXTURE_NAMES } from './fixtures';
import {
  CallNameSchema,
  common,
  FrameSn,
  Headers,
  Int,
  list,
  Params,
  PathMatchers,
  Rid,
  WireParamsSchema,
} from './stepValues';

/**
 * The scenario file format, version 1. A scenario is data: named fixtures, then steps that call endpoints by
 * contract name, poll, drive the mock's control API, open a room socket, or talk to the mock's provider
 * simulators. Values may hold references (`${steps.pay.data.order_id}`, see references.ts).
 */
export const SCENARIO_VERSIONS = [1] as const;

export const STEP_KINDS = ['call', 'poll', 'control', 'room', 'tokenizeCard', 'simulator'] as const;
export type StepKind = (typeof STEP_KINDS)[number];

/** Steps that only a mock can answer: skipped, and reported as skipped, on a real backend. */
export const MOCK_ONLY_KINDS: readonly StepKind[] = ['control', 'tokenizeCard', 'simulator'];

export const ExpectSchema = z
  .strictObject({
    result: z
      .union([Int, z.array(Int).min(1)])
      .optional()
      .describe('the result code(s) expected; 0 when absent. A failure code is an expected failure.'),
    status: Int.optional().describe('HTTP status; 200 when absent'),
    message: z.unknown().optional().describe('a value or matcher for the message'),
    data: PathMatchers.optional(),
    conforms: z
      .boolean()
      .optional()
      .describe(
        'check the answer against the contract (envelope, result codes, data schema); true when absent',
      ),
    maxMs: Int.positive().optional(),
  })
  .describe('what the answer must be');

export const CallStepSchema = z.strictObject({
  ...common,
  call: CallNameSchema,
  params: Params.optional(),
  wire: WireParamsSchema.optional(),
  headers: Headers.optional(),
  expect: ExpectSchema.optional(),
});

export const PollStepSchema = z.strictObject({
  ...common,
  poll: z.strictObject({
    call: CallNameSchema,
    params: Params.optional(),
    wire: WireParamsSchema.optional(),
    headers: Headers.optional(),
    until: z
      .strictObject({ result: z.union([Int, z.array(Int).min(1)]).optional(), data: PathMatchers.optional() })
      .describe('the condition that ends the polling'),
    intervalMs: Int.min(0).max(60_000).default(200),
    tries: Int.min(1).max(1000).default(20),
  }),
  expect: ExpectSchema.optional(),
});

export const ControlStepSchema = z.strictObject({
  ...common,
  control: ControlActionSchema.describe(`one of ${list(CONTROL_ACTIONS)}`),
  expect: z.strictObject({ result: Int.optional(), data: PathMatchers.optional() }).optional(),
});

export const TokenizeCardStepSchema = z.strictObject({
  ...common,
  tokenizeCard: z
    .strictObject({
      provider: z.union([z.literal(13), z.literal(17)]),
      number: z
        .string()
        .optional()
        .describe(
          'a card number (usually ${fixtures.<card>.number}); never printed. Absent: tokenise the CVV only, for a saved card',
        ),
      cvv: z.string().optional(),
      expiry: z
        .string()
        .regex(/^\d{2}\/\d{2}$|^\$\{[^}]+\}$/, 'expiry is MM/YY')
        .optional(),
      holder: z.string().optional(),
    })
    .describe(
      "sends a card to the mock's provider simulator (checkout tokens for 13, adyen encrypt for 17) and answers its token; for 17, data.platform_data is ready for the order",
    ),
  expect: z.strictObject({ result: Int.optional(), data: PathMatchers.optional() }).optional(),
});

export const SimulatorStepSchema = z.strictObject({
  ...common,
  simulator: z
    .strictObject({
      method: z.enum(['GET', 'POST']).default('POST'),
      path: z.string().startsWith('/'),
      json: z.record(z.string(), z.unknown()).optional(),
      form: z.record(z.string(), z.unknown()).optional(),
    })
    .describe(
      "a request to one of the mock's provider simulators (3DS challenge, fingerprint, issuer page, hosted page). data is the JSON answer, or for a page { status, location, params (query of the redirect or of the page's links), attrs (its data-* attributes) }",
    ),
  expect: z.strictObject({ result: Int.optional(), data: PathMatchers.optional() }).optional(),
});

/** Steps a room step may run while its socket is open. */
export const InnerStepSchema = z.union([CallStepSchema, PollStepSchema, ControlStepSchema]);

export const RoomStepSchema = z.strictObject({
  ...common,
  room: z.strictObject({
    rid: Rid,
    during: z.array(InnerStepSchema).optional().describe('steps run in order once the socket is open'),
    until: z
      .strictObject({
        sn: FrameSn.optional().describe(
          "may refer to the inner steps (resolved after they ran), or be +N from the room's sn at the scenario's start",
        ),
        messages: Int.min(1).optional(),
        refreshes: Int.min(1).optional(),
      })
      .optional()
      .describe('wait until the local sn reaches sn, or this many messages or full refreshes arrived'),
    settleMs: Int.min(0)
      .max(10_000)
      .default(300)
      .describe('without `until`: wait this long after the last message'),
    timeoutMs: Int.min(100).max(120_000).default(5000),
  }),
  expect: z
    .strictObject({
      table: PathMatchers.optional().describe('the converged status table'),
      sn: z.unknown().optional(),
      refreshes: z.unknown().optional().describe('how many full refreshes the sn machine asked for'),
      messages: z.unknown().optional(),
      applied: z.unknown().optional(),
      changed: z
        .unknown()
        .optional()
        .describe(
          'how many applied messages changed a key of the table (frames with no command change none)',
        ),
      ignored: z.unknown().optional(),
      dropped: z
        .unknown()
        .optional()
        .describe('how many messages were not valid room messages; without it, any fails the step'),
    })
    .optional(),
});

export const StepSchema = z.union([
  CallStepSchema,
  PollStepSchema,
  ControlStepSchema,
  RoomStepSchema,
  TokenizeCardStepSchema,
  SimulatorStepSchema,
]);

export const FixtureNameSchema = z.enum(FIXTURE_NAMES, {
  error: (issue) =>
    `unknown fixture ${JSON.stringify(issue.input)}${typeof issue.input === 'string' ? didYouMean(issue.input, FIXTURE_NAMES) : ''}; fixtures: ${list(FIXTURE_NAMES)}`,
});

export const ScenarioSchema = z.strictObject({
  $schema: z.string().optional(),
  version: z.literal(1, { error: () => `unsupported version; valid versions: ${list(SCENARIO_VERSIONS)}` }),
  name: z.string().regex(/^[a-z0-9][a-z0-9-]{0,99}$/, 'a scenario name is lower-case letters, digits and -'),
  description: z.string().min(1),
  tags: z.array(z.string().regex(/^[a-z0-9][a-z0-9-]*$/)).default([]),
  spec: z
    .array(z.string().regex(/^[\w.-]+$/, 'a spec row id: letters, digits, _ . -'))
    .default([])
    .describe(
      'the spec coverage matrix rows this scenario asserts (`topup coverage`, cli/src/coverage/rows.ts)',
    ),
  mock: z
    .strictObject({
      now: z.iso.datetime({ offset: true }).optional().describe("freeze the mock's clock here first"),
      seed: Int.optional(),
    })
    .optional()
    .describe('how the mock is prepared before the scenario (ignored on a real backend)'),
  fixtures: z
    .record(z.string().regex(/^[A-Za-z][A-Za-z0-9_]*$/), FixtureNameSchema)
    .default({})
    .describe('alias → fixture name; refer to values as ${fixtures.<alias>.<field>}'),
  vars: z.record(z.string(), z.unknown()).default({}),
  steps: z.array(StepSchema).min(1),
});

export type Scenario = z.output<typeof ScenarioSchema>;
export type Step = z.output<typeof StepSchema>;
export type InnerStep = z.output<typeof InnerStepSchema>;
export type CallStep = z.output<typeof CallStepSchema>;
export type PollStep = z.output<typeof PollStepSchema>;
export type ControlStep = z.output<typeof ControlStepSchema>;
export type RoomStep = z.output<typeof RoomStepSchema>;
export type TokenizeCardStep = z.output<typeof TokenizeCardStepSchema>;
export type SimulatorStep = z.output<typeof SimulatorStepSchema>;
export type Expect = z.output<typeof ExpectSchema>;

export function kindOf(step: Step | InnerStep): StepKind {
  for (const kind of STEP_KINDS) if (kind in step) return kind;
  throw new Error('a validated step always has a kind');
}
