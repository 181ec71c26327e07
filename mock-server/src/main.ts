import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseMockArgs, startMockServer, UsageError } from './server';

/** `npm run mock -- [--port 8080] [--seed N] [--now ISO] [--no-control] [--web DIR]` */
async function main(): Promise<void> {
  let args: ReturnType<typeof parseMockArgs>;
  try {
    args = parseMockArgs(process.argv.slice(2));
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`mock: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
  const port = args.port ?? Number(process.env.PORT ?? 8080);
  const mock = await startMockServer({ logger: process.stdout.isTTY ? 'pretty' : true, ...args, port });
  const web = args.webRoot && existsSync(join(args.webRoot, 'index.html'));
  // The same first line as `topup mock` prints.
  console.log(
    `mock listening on ${mock.url}${args.control === false ? ' (no control API)' : ` (control API at ${mock.url}/__mock/)`}`,
  );
  console.log(
    web
      ? `web app: ${mock.url}/recharge-list`
      : 'API only: the web app is not served (build it with `npm run build -w web`)',
  );
  const stop = async () => {
    await mock.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  // Started by `npm start` with an IPC channel: the channel closes when that script is gone, however it was
  // stopped (even SIGKILL), and the server must not stay on its port without it.
  process.once('disconnect', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
