#!/usr/bin/env node
// Runs the TypeScript sources directly through tsx, so `npm exec --no -- topup` works in the repository without a build.
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
