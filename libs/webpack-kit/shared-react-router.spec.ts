import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The shell and the remotes share react-router as the subset in shared/react-router.mjs (decision
 * 0007). A name imported from 'react-router' that the subset lacks would be undefined at run time in
 * the browser, while TypeScript (which reads the real package) and Jest (which loads it) stay green.
 */
const ROOT = join(__dirname, '../..');
const FRONT_END = [
  'shell/src',
  'libs/ui/src',
  'libs/api/src',
  'libs/session/src',
  ...readdirSync(ROOT)
    .filter((d) => d.startsWith('mfe-'))
    .map((d) => `${d}/src`),
];

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.spec\.tsx?$/.test(name) ? [path] : [];
  });

const namesIn = (block: string): string[] =>
  block
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s && !s.startsWith('type '))
    .map((s) => s.split(/\s+as\s+/)[0]);

const shared = new Set(
  namesIn(
    /export\s*\{([^}]*)\}\s*from\s*'react-router-full'/.exec(
      readFileSync(join(__dirname, 'shared/react-router.mjs'), 'utf8'),
    )![1],
  ),
);

describe('the shared react-router subset', () => {
  const used = new Map<string, string>();
  for (const file of FRONT_END.flatMap((d) => sources(join(ROOT, d)))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*'react-router'/g)) {
      if (!m[1]) for (const name of namesIn(m[2])) used.set(name, file.slice(ROOT.length + 1));
    }
    if (/import\s+\*\s+as\s+\w+\s+from\s*'react-router'|from\s*'react-router\//.test(text))
      used.set('* or a subpath', file.slice(ROOT.length + 1));
  }

  it('exports every name the front end imports from react-router', () => {
    expect(used.size).toBeGreaterThan(5);
    const missing = [...used].filter(([name]) => !shared.has(name));
    expect(missing).toEqual([]);
  });
});
