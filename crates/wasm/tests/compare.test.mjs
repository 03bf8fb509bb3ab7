// The four corpora (../shared/datasets) and WPT's urltestdata compared with Node's built-in
// URL and with whatwg-url from npm (pinned by toolchain.sh into target/wasm/node_modules).
// whatwg-url (the reference implementation of the current standard) must agree everywhere;
// a difference from Node's URL is allowed only where whatwg-url agrees with weburl (Node's
// ada release behind the current standard), and each is listed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { URL } from 'weburl';
import { root, wpt } from './common.mjs';

const require = createRequire(join(root, 'target/wasm/node_modules/'));
const whatwg = require('whatwg-url');
const datasets = process.env.WEBURL_DATASETS ?? join(root, '../shared/datasets');
const CORPORA = ['isaacs_files.txt', 'kasztp.txt', 'node_files.txt', 'userbait.txt'];

function href(Ctor, input, base) {
  try {
    return base === undefined ? new Ctor(input).href : new Ctor(input, base).href;
  } catch (e) {
    if (!(e instanceof TypeError)) throw e;
    return null;
  }
}

function compare(t, label, cases) {
  let node = 0;
  const reference = [];
  for (const [input, base] of cases) {
    const ours = href(URL, input, base);
    const ref = href(whatwg.URL, input, base);
    const platform = href(globalThis.URL, input, base);
    if (ours !== ref) reference.push({ input, base, weburl: ours, whatwgUrl: ref });
    else if (ours !== platform) {
      node += 1;
      t.diagnostic(`${label}: Node ${process.versions.ada ? `(ada ${process.versions.ada}) ` : ''}differs, whatwg-url agrees with weburl: ${JSON.stringify(input)} -> ${JSON.stringify(ours)} (Node: ${JSON.stringify(platform)})`);
    }
  }
  t.diagnostic(`${label}: ${cases.length} inputs, ${reference.length} differences from whatwg-url, ${node} from Node's URL (listed above)`);
  assert.deepEqual(reference.slice(0, 20), [], `${label}: weburl and whatwg-url differ`);
}

for (const file of CORPORA) {
  const path = join(datasets, file);
  test(`corpus ${file} vs whatwg-url and Node`, { skip: existsSync(path) ? false : `no ${path}` }, (t) => {
    const lines = readFileSync(path, 'utf8').split('\n').filter((l) => l.length > 0);
    compare(t, file, lines.map((l) => [l, undefined]));
  });
}

test('urltestdata vs whatwg-url and Node', (t) => {
  const cases = wpt('urltestdata.json')
    .filter((e) => typeof e !== 'string')
    .map((e) => [e.input, e.base === null ? undefined : e.base]);
  compare(t, 'urltestdata', cases);
});

test('whatwg-url passes the urltestdata cases weburl passes', () => {
  const failed = [];
  for (const e of wpt('urltestdata.json')) {
    if (typeof e === 'string') continue;
    const got = href(whatwg.URL, e.input, e.base === null ? undefined : e.base);
    if ((e.failure ? null : e.href) !== got) failed.push(e.input);
  }
  assert.deepEqual(failed, []);
});
