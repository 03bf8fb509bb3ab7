// WPT's urlpatterntestdata.json through the packed npm package, checked as WPT's
// urlpattern/resources/urlpatterntestdata.js harness checks it: the constructor (or its
// TypeError), each component's pattern string (with the harness's defaults), test() and
// exec() (or their TypeError), exec()'s inputs and each component's input and groups.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { URL, URLPattern } from 'weburl';
import { wpt } from './common.mjs';

const COMPONENTS = ['protocol', 'username', 'password', 'hostname', 'port', 'pathname', 'search', 'hash'];
const EARLIER = {
  protocol: [],
  username: [],
  password: [],
  hostname: ['protocol'],
  port: ['protocol', 'hostname'],
  pathname: ['protocol', 'hostname', 'port'],
  search: ['protocol', 'hostname', 'port', 'pathname'],
  hash: ['protocol', 'hostname', 'port', 'pathname', 'search'],
};

function urlGetter(url, c) {
  if (c === 'protocol') return url.protocol.slice(0, -1);
  if (c === 'search' || c === 'hash') return url[c].slice(1);
  return url[c];
}

for (const entry of wpt('urlpatterntestdata.json')) {
  const title = `URLPattern ${JSON.stringify(entry.pattern)} inputs ${JSON.stringify(entry.inputs)}`.slice(0, 200);
  test(title, () => {
    if (entry.expected_obj === 'error') {
      assert.throws(() => new URLPattern(...entry.pattern), TypeError);
      return;
    }
    const pattern = new URLPattern(...entry.pattern);
    const first = entry.pattern[0];
    const firstObj = typeof first === 'object' && first !== null ? first : null;
    const empty = entry.exactly_empty_components ?? [];
    for (const c of COMPONENTS) {
      let expected = entry.expected_obj?.[c];
      if (expected === undefined) {
        const baseString = firstObj?.baseURL ?? (typeof entry.pattern[1] === 'string' ? entry.pattern[1] : undefined);
        if (empty.includes(c)) expected = '';
        else if (firstObj && typeof firstObj[c] === 'string' && firstObj[c] !== '') expected = firstObj[c];
        else if (firstObj && EARLIER[c].some((e) => e in firstObj)) expected = '*';
        else if (baseString !== undefined && c !== 'username' && c !== 'password') expected = urlGetter(new URL(baseString), c);
        else expected = '*';
      }
      assert.equal(pattern[c], expected, `pattern.${c}`);
    }
    if (entry.inputs === undefined) return;
    if (entry.expected_match === 'error') {
      assert.throws(() => pattern.test(...entry.inputs), TypeError);
      assert.throws(() => pattern.exec(...entry.inputs), TypeError);
      return;
    }
    const expected = entry.expected_match ?? null;
    assert.equal(pattern.test(...entry.inputs), expected !== null, 'test()');
    const result = pattern.exec(...entry.inputs);
    if (expected === null) {
      assert.equal(result, null);
      return;
    }
    assert.deepEqual(result.inputs, expected.inputs ?? entry.inputs, 'exec().inputs');
    for (const c of COMPONENTS) {
      const want = expected[c] ?? { input: '', groups: empty.includes(c) ? {} : { 0: '' } };
      assert.equal(result[c].input, want.input ?? '', `exec().${c}.input`);
      const wantGroups = Object.fromEntries(Object.entries(want.groups ?? {}).map(([k, v]) => [k, v === null ? undefined : v]));
      assert.deepEqual(result[c].groups, wantGroups, `exec().${c}.groups`);
    }
  });
}
