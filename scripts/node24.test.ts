import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NODE_SIDE_PROJECTS, node24Args } from './node24.mjs';

const nodeSide = NODE_SIDE_PROJECTS.flatMap((p) => ['--project', p]);

describe('the Node 24 run of npm test', () => {
  it.each([
    { args: [], expected: nodeSide },
    { args: ['cli/test/run.test.ts'], expected: [...nodeSide, 'cli/test/run.test.ts'] },
    { args: ['--project', 'web'], expected: ['--project', 'web'] },
    { args: ['--project=scripts', 'x.test.ts'], expected: ['--project=scripts', 'x.test.ts'] },
  ])('$args → $expected', ({ args, expected }) => {
    expect(node24Args(args)).toEqual(expected);
  });

  it('runs the projects people run on their own Node, each one of the Vitest config', async () => {
    // The root config, by path: it is not part of this package's TypeScript project.
    const root: { default: { test: { projects: string[] } } } = await import(
      join(import.meta.dirname, '..', 'vitest.config.ts')
    );
    const projects = root.default.test.projects;
    expect([...NODE_SIDE_PROJECTS].sort()).toEqual(['cli', 'mock-server']);
    for (const project of NODE_SIDE_PROJECTS) expect(projects).toContain(project);
  });
});
