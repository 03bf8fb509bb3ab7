// WPT's URL data through the packed npm package: urltestdata (url-constructor, url-origin,
// URL.canParse, URL.parse), setters, toascii, percent-encoding (its UTF-8 column: the package
// has no legacy encodings) and urlencoded-parser (URLSearchParams).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { URL, URLSearchParams } from 'weburl';
import { wpt } from './common.mjs';

const COMPONENTS = ['href', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash'];

const name = (s) => JSON.stringify(s).slice(0, 120);

for (const entry of wpt('urltestdata.json')) {
  if (typeof entry === 'string') continue;
  const args = entry.base === null ? [entry.input] : [entry.input, entry.base];
  test(`urltestdata ${name(entry.input)} against ${name(entry.base)}`, () => {
    if (entry.failure) {
      assert.throws(() => new URL(...args), TypeError);
      assert.equal(URL.canParse(...args), false);
      assert.equal(URL.parse(...args), null);
      return;
    }
    const url = new URL(...args);
    for (const c of COMPONENTS) assert.equal(url[c], entry[c], c);
    if ('origin' in entry) assert.equal(url.origin, entry.origin, 'origin');
    if ('searchParams' in entry) assert.equal(url.searchParams.toString(), entry.searchParams, 'searchParams');
    assert.equal(URL.canParse(...args), true);
    assert.equal(URL.parse(...args).href, entry.href);
    assert.equal(JSON.stringify(url), JSON.stringify(entry.href));
  });
}

const setters = wpt('setters_tests.json');
for (const [setter, cases] of Object.entries(setters)) {
  if (setter === 'comment') continue;
  for (const c of cases) {
    test(`setters ${setter} = ${name(c.new_value)} on ${name(c.href)}`, () => {
      const url = new URL(c.href);
      url[setter] = c.new_value;
      for (const [k, v] of Object.entries(c.expected)) assert.equal(url[k], v, k);
    });
  }
}

for (const entry of wpt('toascii.json')) {
  if (typeof entry === 'string') continue;
  test(`toascii ${name(entry.input)}`, () => {
    if (entry.output === null) {
      assert.throws(() => new URL(`https://${entry.input}/x`), TypeError);
      const url = new URL('https://x/x');
      url.hostname = entry.input;
      assert.equal(url.hostname, 'x');
      return;
    }
    const url = new URL(`https://${entry.input}/x`);
    assert.equal(url.host, entry.output);
    assert.equal(url.hostname, entry.output);
    assert.equal(url.pathname, '/x');
    assert.equal(url.href, `https://${entry.output}/x`);
    const set = new URL('https://x/x');
    set.hostname = entry.input;
    assert.equal(set.hostname, entry.output);
  });
}

for (const entry of wpt('percent-encoding.json')) {
  if (typeof entry === 'string') continue;
  test(`percent-encoding ${name(entry.input)} (UTF-8)`, () => {
    const url = new URL(`https://doesnotmatter.invalid/?${entry.input}#${entry.input}`);
    assert.equal(url.search, `?${entry.output['utf-8']}`);
    assert.equal(url.hash, `#${entry.output['utf-8']}`);
  });
}

for (const entry of wpt('urlencoded-parser-data.json')) {
  if (typeof entry === 'string') continue;
  test(`urlencoded ${name(entry.input)}`, () => {
    const params = new URLSearchParams(entry.input);
    assert.deepEqual([...params], entry.output);
    assert.equal(params.size, entry.output.length);
  });
}
