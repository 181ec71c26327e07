import { buildOpenApi } from './build';

process.stdout.write(`${JSON.stringify(buildOpenApi(), null, 2)}\n`);
