#!/usr/bin/env node
// Runs the TypeScript sources directly through tsx, so `npx topup` works from the repo root without a build.
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
