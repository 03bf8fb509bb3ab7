// `cargo xtask wasm bench`: the size table (the packages against whatwg-url and tldts as
// installed, raw and gzipped) and the speed table (parse + href per URL on the four corpora:
// weburl's URL, its batch hrefs(), whatwg-url, Node's URL; registrableDomain against tldts),
// run from a project with both packed packages installed.
import { createRequire } from 'node:module';
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
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
function size(dirs) {
  let raw = 0;
  let gz = 0;
  for (const d of dirs) {
    for (const f of codeFiles(d)) {
      const b = readFileSync(f);
      raw += b.length;
      gz += gzipSync(b, { level: 9 }).length;
    }
  }
  return { raw, gz };
}
const pkg = (name) => join(process.cwd(), 'node_modules', name);
// whatwg-url's `main` and what it requires: its lib/ and its dependencies' code.
const whatwgDirs = [join(mods, 'whatwg-url/lib'), join(mods, 'tr46'), join(mods, 'webidl-conversions/lib')];
const tldtsDirs = [join(mods, 'tldts/dist/cjs'), join(mods, 'tldts-core/dist/cjs')].filter(existsSync);
const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
const rows = [
  ['weburl-url-only (wasm + glue + wrapper)', size([pkg('weburl-url-only')])],
  ['weburl (full: + PSL, display, URLPattern, canon)', size([pkg('weburl')])],
  ['whatwg-url + tr46 + webidl-conversions (not minified)', size(whatwgDirs)],
  ['tldts + tldts-core (cjs build)', size(tldtsDirs)],
];
console.log('## Size (code files as installed; gzip -9)\n');
console.log('| package | raw | gzipped |');
console.log('|---|---:|---:|');
for (const [name, s] of rows) console.log(`| ${name} | ${kb(s.raw)} | ${kb(s.gz)} |`);

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
