import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { registerCoverage } from './coverage/command';
import { ExitCode, InvalidScenarioError, type Io, processIo, UsageError } from './io';
import { registerContract } from './program/contract';
import { EXAMPLES } from './program/examples';
import { registerMock } from './program/mock';
import { registerRoom } from './program/room';
import { registerScenario } from './program/scenario';
import { registerRecord } from './record/options';

/** Builds the `topup` program; actions set `code` rather than exiting, so tests can run it in-process. */
export function buildProgram(io: Io, setCode: (code: number) => void): Command {
  const program = new Command('topup')
    .description(
      'Replay QA scenarios against the mock or a real backend, check a backend against the contracts, watch a room.\n' +
        'Exit code: 0 when everything asked for passed, 1 when something failed, 2 when the command was wrong.',
    )
    .version(version(), '-V, --version', "print topup's version")
    .configureOutput({ writeOut: io.out, writeErr: io.err })
    .exitOverride()
    .showHelpAfterError('(add --help for usage)')
    .addHelpText('after', EXAMPLES.top);

  registerMock(program, io, setCode);
  registerScenario(program, io, setCode);
  registerContract(program, io, setCode);
  registerRoom(program, io, setCode);
  registerCoverage(program, io, setCode);
  registerRecord(program, io, setCode);
  return program;
}

/** The cli package's version (its package.json beside src/, also from the compiled dist/). */
function version(): string {
  const text = readFileSync(new URL('../package.json', import.meta.url), 'utf8');
  return (JSON.parse(text) as { version: string }).version;
}

/** Runs `topup` with these arguments and answers its exit code. */
export async function runCli(argv: readonly string[], io: Io = processIo): Promise<number> {
  const withCredentials = credentialedUrl(argv);
  if (withCredentials !== undefined) {
    io.err(
      `topup: ${withCredentials}: a URL with a user name or password is refused; topup sends no credentials from a URL (they would reach the request line, reports and logs): nothing was sent. Give the URL without them (a backend behind basic auth needs a proxy or a URL that needs none)\n`,
    );
    return ExitCode.usage;
  }
  let code: number = ExitCode.ok;
  const program = buildProgram(io, (c) => {
    code = c;
  });
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return code;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
    }
    if (error instanceof UsageError) {
      const { mask } = await import('./report/mask');
      io.err(`topup: ${mask(error.message)}\n`);
      return ExitCode.usage;
    }
    if (error instanceof InvalidScenarioError) {
      io.err(`topup: invalid scenario files:\n${error.message}\n`);
      return ExitCode.usage;
    }
    // Anything else is a fault of topup itself: one line; TOPUP_DEBUG=1 adds where it happened.
    const where =
      process.env.TOPUP_DEBUG === '1' ? `\n${(error as Error).stack}` : ' (TOPUP_DEBUG=1 shows where)';
    io.err(`topup: ${error instanceof Error ? error.message : String(error)}${where}\n`);
    return ExitCode.failed;
  }
}

/**
 * The first argument that is a URL carrying a user name or password (`--target http://ci:secret@host`, also
 * as `--target=…`), shown with its password as `***`; undefined when there is none.
 */
function credentialedUrl(argv: readonly string[]): string | undefined {
  for (const arg of argv) {
    const value = /^--[\w-]+=(.*)$/s.exec(arg)?.[1] ?? arg;
    if (!/^[a-z][\w+.-]*:\/\/[^/?#]*@/i.test(value)) continue;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return value.replace(/^([^:]+:\/\/[^/:@]*:)[^@]*@/, '$1***@');
    }
    if (url.username === '' && url.password === '') continue;
    if (url.password !== '') url.password = '***';
    return url.toString();
  }
  return undefined;
}
