import { runCli } from './cli';

// A reader that stops reading (`topup scenario list | head`) closes the pipe: the rest of the output has
// nowhere to go, so topup stops quietly, as a Unix tool does, instead of dying on an unhandled EPIPE.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(process.exitCode ?? 0);
  });
}

process.exitCode = await runCli(process.argv.slice(2));
