import type { Command } from 'commander';
import type { MockTarget } from '../commands/mockTarget';
import type { RoomWatchOptions } from '../commands/room';
import type { Io } from '../io';
import { EXAMPLES } from './examples';
import { frameArg, int, mockOnlyTarget, type SetCode } from './options';

/** `topup room`: push, fault and close on a running mock, and watch a room. */
export function registerRoom(program: Command, io: Io, setCode: SetCode): void {
  const room = program.command('room').description('Realtime room tools').addHelpText('after', EXAMPLES.room);
  for (const action of ['push', 'fault', 'close'] as const) {
    const command = mockOnlyTarget(room.command(action).argument('<rid>', 'room id, e.g. 5002'));
    if (action === 'push') {
      command
        .description(
          'Push one change to a room on a running mock (a JSON list of directives; none: a type-3 sync-sn)',
        )
        .argument('[directives]', 'JSON list of directives', '[]')
        .addHelpText('after', EXAMPLES.push);
    } else if (action === 'fault') {
      command
        .description('A one-shot fault on the frame with this sn: drop, duplicate, reorder or delay it')
        .requiredOption(
          '--sn <n>',
          "the frame: a future sn, or +N for the Nth frame after the room's sn now (+1: the next one)",
          frameArg,
        )
        .requiredOption('--fault <kind>', 'drop, duplicate, reorder or delay')
        .option('--ms <n>', 'for delay: how long', int('--ms', 1, 60_000))
        .addHelpText('after', EXAMPLES.fault);
    } else {
      command
        .description('Close every socket of a room (the watcher and the app reconnect)')
        .option('--code <n>', 'close code', int('--code', 1000, 4999))
        .addHelpText('after', EXAMPLES.close);
    }
    command.action(async (rid: string, ...rest: unknown[]) => {
      const directives = action === 'push' ? (rest[0] as string) : undefined;
      const opts = rest[action === 'push' ? 1 : 0] as Record<string, unknown> & MockTarget;
      setCode(
        await (await import('../commands/control')).roomControlCommand(
          action,
          rid,
          { ...opts, ...(directives === undefined ? {} : { directives }) },
          io,
        ),
      );
    });
  }
  room
    .command('watch')
    .description('Print the frames of a room, marking gaps and full refreshes, and the table as it converges')
    .requiredOption('--url <ws>', 'the room websocket, e.g. ws://127.0.0.1:8080/ws/room')
    .requiredOption('--rid <id>', 'room id')
    .option('--api <url>', 'API base for full refreshes (default: the socket origin)')
    .option('--count <n>', 'stop after this many messages', int('--count', 1, 100_000))
    .option('--duration <ms>', 'stop after this long', int('--duration', 100, 3_600_000))
    .option(
      '--json',
      'one JSON object per line on stdout and nothing else (notes and the table go to stderr)',
    )
    .option(
      '--no-reconnect',
      'stop when the socket closes with an error instead of reconnecting (1 s, up to 8 attempts); a normal close (1000) and 121 s without a message always stop',
    )
    .addHelpText('after', EXAMPLES.watch)
    .action(async (opts: RoomWatchOptions) =>
      setCode(await (await import('../commands/room')).roomWatchCommand(opts, io)),
    );
}
