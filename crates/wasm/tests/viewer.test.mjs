// The live viewer (crates/wasm/viewer) in headless Chromium (Debian's `chromium`, installed by
// toolchain.sh): served by viewer/serve.mjs on 127.0.0.1 with the packed package, a dozen
// inputs rendered in one page, the DOM dumped (--dump-dom) and checked; a screenshot is kept
// as target/wasm/viewer.png. Skipped when there is no chromium.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './common.mjs';

const chromium = spawnSync('chromium', ['--version']).status === 0 ? 'chromium' : null;
let server;
let origin;

before(async () => {
  if (!chromium) return;
  server = spawn(process.execPath, [join(root, 'crates/wasm/viewer/serve.mjs')], {
    env: { ...process.env, PORT: '0', WEBURL_PKG: join(process.cwd(), 'node_modules/weburl') },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  origin = await new Promise((resolve, reject) => {
    server.stdout.on('data', (d) => {
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)\//.exec(String(d));
      if (m) resolve(m[1]);
    });
    server.on('exit', (code) => reject(new Error(`serve.mjs exited (${code})`)));
  });
});

after(() => server?.kill());

const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--virtual-time-budget=20000'];

// [input, base, weburl's href (null: failure), registrable domain, error names, spoof rule]
const CASES = [
  ['https://EXAMPLE.com/a/../b', '', 'https://example.com/b', 'example.com', [], 'none'],
  ['https:example.org', '', 'https://example.org/', 'example.org', ['special-scheme-missing-following-solidus'], 'none'],
  ['http://xn--80ak6aa92e.com/', '', 'http://xn--80ak6aa92e.com/', 'xn--80ak6aa92e.com', [], 'whole-script-confusable'],
  ['https://münchen.de/', '', 'https://xn--mnchen-3ya.de/', 'xn--mnchen-3ya.de', [], 'none'],
  ['https://a.b.example.co.uk/x', '', 'https://a.b.example.co.uk/x', 'example.co.uk', [], 'none'],
  ['https://exa mple.org/', '', null, null, ['domain-to-ASCII'], null],
  ['https://example.org:99999/', '', null, null, ['port-out-of-range'], null],
  ['../c?d#e', 'https://example.org/a/b/', 'https://example.org/a/c?d#e', 'example.org', [], 'none'],
  ['http://[::1]:8080/', '', 'http://[::1]:8080/', null, [], 'none'],
  ['http://user:pass@127.0.0.1/', '', 'http://user:pass@127.0.0.1/', null, ['invalid-credentials'], 'none'],
  ['https://example.org/a\\b', '', 'https://example.org/a/b', 'example.org', ['invalid-reverse-solidus'], 'none'],
  ['non-special:opaque  ?hi', '', 'non-special:opaque %20?hi', null, ['invalid-URL-unit'], 'none'],
];

function pageUrl() {
  const q = new globalThis.URLSearchParams();
  for (const [input, base] of CASES) {
    q.append('input', input);
    q.append('base', base);
  }
  return `${origin}/?${q}`;
}

// The sections of the dumped DOM, with their data attributes and the names in them.
function sections(html) {
  const attr = (s, name) => {
    const m = new RegExp(`${name}="([^"]*)"`).exec(s);
    return m ? m[1].replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>') : undefined;
  };
  return html.split('<section').slice(1).map((s) => {
    const head = s.slice(0, s.indexOf('>'));
    const registrable = /data-row="registrable"><th>[^<]*<\/th><td>([^<]*)<\/td>/.exec(s);
    return {
      input: attr(head, 'data-input'),
      href: attr(head, 'data-href'),
      browserHref: attr(head, 'data-browser-href'),
      same: attr(head, 'data-same'),
      errors: [...s.matchAll(/data-error="([^"]*)"/g)].map((m) => m[1]),
      rules: [...s.matchAll(/data-rule="([^"]*)"/g)].map((m) => m[1]),
      registrable: registrable ? registrable[1] : undefined,
      difference: s.includes('data-row="difference"'),
      components: [...s.matchAll(/data-component="([^"]*)"/g)].map((m) => m[1]),
    };
  });
}

test('the viewer in headless Chromium: a dozen inputs', { skip: chromium ? false : 'no chromium' }, () => {
  const out = spawnSync(chromium, [...CHROMIUM_FLAGS, '--dump-dom', pageUrl()], { encoding: 'utf8', timeout: 120000 });
  assert.equal(out.status, 0, out.stderr);
  const html = out.stdout;
  assert.match(html, /id="status" data-ready="true"/);
  const got = sections(html);
  assert.equal(got.length, CASES.length);
  CASES.forEach(([input, , href, registrable, errors, rule], i) => {
    const s = got[i];
    assert.equal(s.input, input.replace(/&/g, '&'), `input ${i}`);
    assert.equal(s.href, href ?? 'failure', `href of ${input}`);
    for (const name of errors) assert.ok(s.errors.includes(name), `${input}: error ${name} in ${s.errors}`);
    if (errors.length === 0) assert.deepEqual(s.errors, [], `${input}: no errors`);
    if (href !== null) {
      assert.equal(s.registrable, registrable ?? '(none)', `registrable domain of ${input}`);
      assert.ok(s.rules.includes(rule), `${input}: rule ${rule} in ${s.rules}`);
      assert.ok(s.components.includes('protocol'), `${input}: components drawn`);
    }
    // A difference from the browser's own URL is marked, and only then.
    assert.equal(s.difference, s.href !== s.browserHref, `${input}: difference marked`);
  });
});

test('the viewer screenshot is kept as target/wasm/viewer.png', { skip: chromium ? false : 'no chromium' }, () => {
  const png = join(root, 'target/wasm/viewer.png');
  const out = spawnSync(chromium, [...CHROMIUM_FLAGS, `--screenshot=${png}`, '--window-size=1200,2400', pageUrl()], { encoding: 'utf8', timeout: 120000 });
  assert.equal(out.status, 0, out.stderr);
  assert.equal(spawnSync('test', ['-s', png]).status, 0);
});

test('serve.mjs answers 400 to a malformed percent-encoding and keeps serving', async () => {
  // Its own server (no chromium needed): `/%` made decodeURIComponent throw, which ended it.
  const own = spawn(process.execPath, [join(root, 'crates/wasm/viewer/serve.mjs')], {
    env: { ...process.env, PORT: '0', WEBURL_PKG: join(process.cwd(), 'node_modules/weburl') },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const at = await new Promise((resolve, reject) => {
      own.stdout.on('data', (d) => {
        const m = /listening on (http:\/\/127\.0\.0\.1:\d+)\//.exec(String(d));
        if (m) resolve(m[1]);
      });
      own.on('exit', (code) => reject(new Error(`serve.mjs exited (${code})`)));
    });
    for (const path of ['/%', '/%E0%A4%A', '/pkg/%ZZ']) {
      const res = await fetch(at + path);
      assert.equal(res.status, 400, path);
      await res.arrayBuffer();
    }
    const page = await fetch(at + '/');
    assert.equal(page.status, 200);
    await page.arrayBuffer();
    assert.equal(own.exitCode, null);
  } finally {
    own.kill();
  }
});
