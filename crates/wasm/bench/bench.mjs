// `cargo xtask wasm bench`: the size table (the packages against the files whatwg-url and
// tldts load at run time, raw and gzipped, as installed and minified) and the speed table (parse + href per URL on the four corpora:
// weburl's URL, its batch hrefs(), whatwg-url, Node's URL; registrableDomain against tldts),
// run from a project with both packed packages installed.
import { createRequire } from 'node:module';
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { join, dirname } from 'node:path';
import { performance } from 'node:perf_hooks';
import * as weburl from 'weburl';
import * as urlOnly from 'weburl-url-only';

const root = process.env.WEBURL_ROOT;
const datasets = process.env.WEBURL_DATASETS ?? join(root, '../shared/datasets');
const mods = join(root, 'target/wasm/node_modules');
const require = createRequire(mods + '/');
const whatwg = require('whatwg-url');
const tldts = require('tldts');

// Files of a package directory that ship code (.js, .mjs, .cjs, .wasm), recursively.
function codeFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      if (name !== 'node_modules') out.push(...codeFiles(p));
    } else if (/\.(m?js|cjs|wasm)$/.test(name) && !/\.d\.ts$/.test(name)) out.push(p);
  }
  return out;
}

// The files a package loads at run time, in a child Node: every CommonJS `require` resolution
// (a Module._load hook) while it is required and used once (a URL parsed, its searchParams
// read), and the static `import`/`export ... from` graph of the ES modules among them
// (resolved as Node resolves them). JSON tables loaded by `require` count (tr46's
// mappingTable.json); Node's built-in modules do not.
const TRACER = `
import Module, { createRequire } from 'node:module';
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
const files = new Set();
const load = Module._load;
Module._load = function (request, parent, isMain) {
  try {
    const f = Module._resolveFilename(request, parent, isMain);
    if (f.startsWith('/')) files.add(f);
  } catch {}
  return load.apply(this, arguments);
};
const entry = process.env.TRACE_ENTRY;
const m = createRequire(join(entry, 'package.json'))(entry);
if (m.URL) {
  const u = new m.URL('https://ExAmple.xn--fiqs8s/%41\\u00e4?a=b c#d', 'http://a.b/');
  u.searchParams.get('a');
  u.href;
}
const typeOf = (f) => {
  for (let d = dirname(f); d !== dirname(d); d = dirname(d)) {
    const p = join(d, 'package.json');
    if (existsSync(p)) return JSON.parse(readFileSync(p, 'utf8')).type ?? 'commonjs';
  }
  return 'commonjs';
};
const esm = (f) => f.endsWith('.mjs') || (f.endsWith('.js') && typeOf(f) === 'module');
const queue = [...files];
while (queue.length > 0) {
  const f = queue.pop();
  if (!esm(f)) continue;
  const src = readFileSync(f, 'utf8');
  const re = /(?:^|[\\n;])\\s*(?:import|export)\\s*(?:[^'"();]*?\\sfrom\\s*)?['"]([^'"]+)['"]/g;
  for (const [, spec] of src.matchAll(re)) {
    if (spec.startsWith('node:')) continue;
    const url = import.meta.resolve(spec, pathToFileURL(f).href);
    if (!url.startsWith('file:')) continue;
    const p = fileURLToPath(url);
    if (!files.has(p)) {
      files.add(p);
      queue.push(p);
    }
  }
}
console.log(JSON.stringify([...files].sort()));
`;
function loadedFiles(dir) {
  const out = spawnSync(process.execPath, ['--no-warnings', '--experimental-import-meta-resolve', '--input-type=module', '-e', TRACER], {
    env: { ...process.env, TRACE_ENTRY: dir },
    encoding: 'utf8',
  });
  if (out.status !== 0) throw new Error(`tracing ${dir}: ${out.stderr}`);
  return JSON.parse(out.stdout);
}

// Minified as a bundler would ship them: JavaScript through terser (pinned in
// target/wasm/node_modules by toolchain.sh; compress + mangle, the same options for every
// package), JSON re-serialized without whitespace, .wasm as is.
let terser = null;
try {
  terser = require('terser');
} catch {
  console.log('(terser is not installed in target/wasm/node_modules: the "minified" columns are the files as installed)\n');
}
const isModule = (f) => f.endsWith('.mjs') || (f.endsWith('.js') && readFileSync(f, 'utf8').match(/^\s*(import|export)\s/m) !== null);
async function minified(f, b) {
  if (f.endsWith('.json')) return Buffer.from(JSON.stringify(JSON.parse(b.toString('utf8'))));
  if (terser === null || !/\.(m?js|cjs)$/.test(f)) return b;
  const r = await terser.minify(b.toString('utf8'), { module: isModule(f), compress: true, mangle: true });
  return Buffer.from(r.code);
}
async function size(files) {
  const s = { files: files.length, raw: 0, gz: 0, min: 0, minGz: 0 };
  for (const f of files) {
    const b = readFileSync(f);
    const m = await minified(f, b);
    s.raw += b.length;
    s.gz += gzipSync(b, { level: 9 }).length;
    s.min += m.length;
    s.minGz += gzipSync(m, { level: 9 }).length;
  }
  return s;
}
const pkg = (name) => join(process.cwd(), 'node_modules', name);
const whatwgFiles = loadedFiles(join(mods, 'whatwg-url'));
const tldtsFiles = loadedFiles(join(mods, 'tldts'));
const pkgs = (files) => [...new Set(files.map((f) => f.slice(mods.length + 1).match(/^(@[^/]+\/)?[^/]+/)[0]))].join(' + ');
const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
const rows = [
  ['weburl-url-only (wasm + glue + wrapper)', await size(codeFiles(pkg('weburl-url-only')))],
  ['weburl (full: + PSL, display, URLPattern, canon)', await size(codeFiles(pkg('weburl')))],
  [`whatwg-url as loaded (${pkgs(whatwgFiles)})`, await size(whatwgFiles)],
  [`tldts as loaded (${pkgs(tldtsFiles)})`, await size(tldtsFiles)],
];
console.log('## Size (the files each package loads; gzip -9; minified: terser for JS, compact JSON)\n');
console.log('| package | files | raw | gzipped | minified | minified + gzipped |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const [name, s] of rows) console.log(`| ${name} | ${s.files} | ${kb(s.raw)} | ${kb(s.gz)} | ${kb(s.min)} | ${kb(s.minGz)} |`);
if (process.env.WEBURL_BENCH_FILES) {
  for (const f of [...whatwgFiles, ...tldtsFiles]) console.log(`  ${f.slice(mods.length + 1)}`);
}
const [urlOnlySize, , whatwgSize] = rows.map(([, s]) => s);
console.log(`\nweburl-url-only / whatwg-url, minified + gzipped: ${(urlOnlySize.minGz / whatwgSize.minGz).toFixed(2)}x (goal: <= 1.00x)`);

function time(fn, inputs, runs = 5) {
  fn(inputs.slice(0, 1000));
  let best = Infinity;
  for (let r = 0; r < runs; r += 1) {
    const t0 = performance.now();
    fn(inputs);
    best = Math.min(best, performance.now() - t0);
  }
  return (best * 1e6) / inputs.length;
}
const parseHref = (Ctor, free) => (inputs) => {
  let n = 0;
  for (const s of inputs) {
    try {
      const u = new Ctor(s);
      n += u.href.length;
      if (free) u.free();
    } catch {
      n += 1;
    }
  }
  return n;
};
const engines = [
  ['weburl URL', parseHref(weburl.URL, true)],
  ['weburl hrefs() batch', (inputs) => weburl.hrefs(inputs).length],
  ['weburl-url-only URL', parseHref(urlOnly.URL, true)],
  ['whatwg-url', parseHref(whatwg.URL, false)],
  ["Node's URL", parseHref(globalThis.URL, false)],
];
console.log(`\n## Speed: parse + href, ns per URL (best of 5; Node ${process.version}${process.versions.ada ? `, ada ${process.versions.ada}` : ''})\n`);
console.log(`| corpus | URLs | ${engines.map(([n]) => n).join(' | ')} | whatwg-url / weburl | Node / weburl |`);
console.log(`|---|---:|${engines.map(() => '---:').join('|')}|---:|---:|`);
const corpora = ['isaacs_files.txt', 'kasztp.txt', 'node_files.txt', 'userbait.txt'];
const all = [];
for (const file of corpora) {
  const path = join(datasets, file);
  if (!existsSync(path)) {
    console.log(`| ${file} | missing (${path}) |`);
    continue;
  }
  const inputs = readFileSync(path, 'utf8').split('\n').filter((l) => l.length > 0);
  all.push(...inputs);
  const ns = engines.map(([, f]) => time(f, inputs));
  console.log(`| ${file} | ${inputs.length} | ${ns.map((x) => x.toFixed(0)).join(' | ')} | ${(ns[3] / ns[0]).toFixed(2)}x | ${(ns[4] / ns[0]).toFixed(2)}x |`);
}

const hosts = all.slice(0, 20000);
const rd = [
  ['weburl registrableDomain', (inputs) => inputs.reduce((n, s) => { try { return n + (weburl.registrableDomain(s)?.length ?? 0); } catch { return n; } }, 0)],
  ['tldts getDomain', (inputs) => inputs.reduce((n, s) => n + (tldts.getDomain(s)?.length ?? 0), 0)],
];
console.log(`\n## registrableDomain of a URL string, ns per URL (${hosts.length} URLs of the corpora)\n`);
console.log('| function | ns |');
console.log('|---|---:|');
for (const [name, f] of rd) console.log(`| ${name} | ${time(f, hosts).toFixed(0)} |`);
