import { ExitCode, type Io, UsageError } from '../io';

export interface MockCommandOptions {
  readonly port: string;
  readonly host: string;
  readonly seed?: string;
  readonly now?: string;
  readonly control: boolean;
  readonly quiet?: boolean;
}

const LISTEN_ERRORS: Readonly<Record<string, string>> = {
  EADDRINUSE: 'is in use',
  EACCES: 'is not allowed',
  EADDRNOTAVAIL: 'is not an address here',
};

/** `topup mock`: the mock server in the foreground until Ctrl-C or SIGTERM. */
export async function mockCommand(opts: MockCommandOptions, io: Io): Promise<number> {
  const { parseMockArgs, startMockServer } = await import('@topup/mock-server/server');
  const argv = ['--port', opts.port, '--host', opts.host];
  if (opts.seed !== undefined) argv.push('--seed', opts.seed);
  if (opts.now !== undefined) argv.push('--now', opts.now);
  if (!opts.control) argv.push('--no-control');
  let parsed: ReturnType<typeof parseMockArgs>;
  try {
    parsed = parseMockArgs(argv);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  let running: Awaited<ReturnType<typeof startMockServer>>;
  try {
    running = await startMockServer({
      ...parsed,
      logger: opts.quiet ? false : io.isTTY ? 'pretty' : true,
    });
  } catch (error) {
    const why = LISTEN_ERRORS[(error as NodeJS.ErrnoException).code ?? ''];
    if (why === undefined) throw error;
    io.err(
      `topup: cannot listen on ${opts.host}:${opts.port}: the port ${why}; pick another with --port (0 picks a free one)\n`,
    );
    return ExitCode.failed;
  }
  io.err(
    `mock listening on ${running.url}${opts.control ? ` (control API at ${running.url}/__mock/)` : ' (no control API)'}\n`,
  );
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await running.close();
  return ExitCode.ok;
}
