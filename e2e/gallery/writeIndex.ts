import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeUTF8 } from 'entities';

const out = join(import.meta.dirname, 'out');

const escapeHtml = escapeUTF8;

/** Writes out/index.html: one section per project, every shot with its name, in the order taken. */
export default async function writeIndex(): Promise<void> {
  const sections = ['phone', 'desktop'].map((project) => {
    let shots: string[] = [];
    try {
      shots = readdirSync(join(out, project))
        .filter((f) => f.endsWith('.png'))
        .sort();
    } catch {
      shots = [];
    }
    const figures = shots
      .map(
        (file) =>
          `<figure><a href="${project}/${escapeHtml(file)}"><img loading="lazy" src="${project}/${escapeHtml(file)}" alt="${escapeHtml(file)}"></a><figcaption>${escapeHtml(file.replace(/\.png$/, ''))}</figcaption></figure>`,
      )
      .join('\n');
    return `<h2>${project} (${shots.length})</h2><div class="grid">${figures}</div>`;
  });
  writeFileSync(
    join(out, 'index.html'),
    `<!doctype html><html lang="en"><meta charset="utf-8"><title>Screen gallery</title>
<style>body{font:14px system-ui;margin:16px}.grid{display:flex;flex-wrap:wrap;gap:16px}
figure{margin:0;width:260px}img{width:100%;border:1px solid #ccc}figcaption{word-break:break-all}</style>
<h1>Screen gallery</h1>${sections.join('\n')}</html>`,
  );
}
