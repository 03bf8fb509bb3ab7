// The package's API beyond the WPT data: live searchParams, TypeError, UTF-16 (lone
// surrogates), validation error ranges, batch forms, free(), the URL-only build.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as weburl from 'weburl';
import * as urlOnly from 'weburl-url-only';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './common.mjs';

const { URL, URLSearchParams } = weburl;

test('searchParams is live both ways', () => {
  const url = new URL('https://example.org/?a=1&b=2');
  const params = url.searchParams;
  assert.equal(url.searchParams, params);
  params.append('c', '3 4');
  assert.equal(url.href, 'https://example.org/?a=1&b=2&c=3+4');
  url.search = '?x=y';
  assert.equal(params.get('x'), 'y');
  assert.equal(params.get('a'), null);
  params.delete('x');
  assert.equal(url.href, 'https://example.org/');
  url.href = 'https://example.org/?q=%20';
  assert.equal(params.get('q'), ' ');
  params.sort();
  assert.deepEqual([...params.keys()], ['q']);
});

test('URLSearchParams from records and pairs', () => {
  assert.equal(new URLSearchParams({ a: '1', b: 'é' }).toString(), 'a=1&b=%C3%A9');
  assert.equal(new URLSearchParams([['a', 'b'], ['c', 'd']]).toString(), 'a=b&c=d');
  assert.equal(new URLSearchParams('?a=b').get('a'), 'b');
  assert.throws(() => new URLSearchParams([['a']]), TypeError);
  const p = new URLSearchParams('a=1&a=2&b=3');
  assert.deepEqual(p.getAll('a'), ['1', '2']);
  assert.equal(p.has('a', '2'), true);
  p.delete('a', '1');
  assert.equal(p.toString(), 'a=2&b=3');
  p.set('b', '4');
  const seen = [];
  p.forEach((v, k) => seen.push(`${k}=${v}`));
  assert.deepEqual(seen, ['a=2', 'b=4']);
});

test('a bad URL throws a TypeError naming the failure', () => {
  assert.throws(() => new URL('https://exa mple.org/'), (e) => e instanceof TypeError && e.message.includes("(domain-to-ASCII)"));
  assert.throws(() => new URL('/path', 'not a base'), TypeError);
  const url = new URL('https://example.org/');
  assert.throws(() => { url.href = 'nope'; }, TypeError);
  assert.equal(url.href, 'https://example.org/');
});

test('lone surrogates become U+FFFD (USVString)', () => {
  assert.equal(new URL('https://example.org/\ud800').pathname, '/%EF%BF%BD');
  assert.equal(new URL('https://example.org/?\udc00x').search, '?%EF%BF%BDx');
  assert.equal(new URLSearchParams('a=\ud800').get('a'), '\ufffd');
});

test('validation errors with UTF-16 ranges', () => {
  assert.deepEqual(weburl.validationErrors('https:example.org'), [
    { name: 'special-scheme-missing-following-solidus', failure: false, start: 6, end: 6 },
  ]);
  // A non-BMP character before the error: offsets are UTF-16 code units.
  const errs = weburl.validationErrors('https://example.org/😀\\x');
  assert.equal(errs.length, 1);
  assert.equal(errs[0].name, 'invalid-reverse-solidus');
  assert.equal('https://example.org/😀\\x'.slice(errs[0].start, errs[0].start + 1), '\\');
  const base = weburl.validationErrors('a', 'nope');
  assert.equal(base[0].base, true);
  assert.equal(base[0].failure, true);
});

test('one validation error per tab, with its UTF-16 range, in a long input', () => {
  // 200,000 tabs: each is an invalid-URL-unit error at its own place (the offsets are
  // converted in one walk of the input, not one walk per error). An ASCII input and one with
  // a non-BMP character before the tabs (UTF-16 offsets differ from byte offsets).
  const n = 200000;
  for (const prefix of ['https://a/', 'https://a/😀']) {
    const input = prefix + '\t'.repeat(n) + 'x';
    const errs = weburl.validationErrors(input);
    assert.equal(errs.length, n, prefix);
    for (let i = 0; i < n; i++) {
      const e = errs[i];
      if (e.name !== 'invalid-URL-unit' || e.failure !== false || e.start !== prefix.length + i || e.end !== prefix.length + i + 1) {
        assert.fail(`${prefix}: error ${i} is ${JSON.stringify(e)}`);
      }
    }
    assert.equal(input.slice(errs[n - 1].start, errs[n - 1].end), '\t');
  }
});

test('a Symbol throws TypeError where a USVString is wanted', () => {
  const s = Symbol('x');
  assert.throws(() => new URL(s), TypeError);
  assert.throws(() => new URL('a', s), TypeError);
  assert.throws(() => URL.canParse(s), TypeError);
  assert.throws(() => new URLSearchParams().append(s, 'v'), TypeError);
  assert.throws(() => weburl.validationErrors(s), TypeError);
  assert.throws(() => weburl.validationErrors('a', s), TypeError);
  // Other values still convert as String() does.
  assert.equal(new URLSearchParams([[1, null]]).toString(), '1=null');
  assert.equal(new URL({ toString: () => 'https://example.org/' }).href, 'https://example.org/');
});

test('component ranges', () => {
  const url = new URL('https://user@example.org:8080/p?q#h');
  const r = weburl.componentRanges(url);
  for (const [name, [s, e]] of Object.entries(r)) {
    const want = url[name].replace(/^[?#]/, '').replace(/:$/, '');
    assert.ok(url.href.slice(s, e).includes(want), name);
  }
});

test('public suffix, registrable domain, same site', () => {
  assert.equal(weburl.publicSuffix('https://a.b.example.co.uk/'), 'co.uk');
  assert.equal(weburl.registrableDomain(new URL('https://a.b.example.co.uk/')), 'example.co.uk');
  assert.equal(weburl.registrableDomain('https://192.168.0.1/'), null);
  assert.equal(weburl.sameSite('https://a.example.com/', 'https://b.example.com/'), true);
  assert.equal(weburl.sameSite('https://a.example.com/', 'https://example.org/'), false);
});

test('display names the spoof rule', () => {
  const r = weburl.display('https://xn--80ak6aa92e.com/');
  assert.equal(r.text, 'https://xn--80ak6aa92e.com/');
  assert.equal(r.aceLabels[0].rule, 'whole-script-confusable');
  const ok = weburl.display('https://xn--mnchen-3ya.de/a%20b', { omitHttps: true });
  assert.equal(ok.text, 'münchen.de/a b');
  assert.deepEqual(ok.aceLabels, []);
});

test('batch forms', () => {
  assert.deepEqual(weburl.hrefs(['https://A.org', 'nope', 'a:b']), ['https://a.org/', null, 'a:b']);
  assert.deepEqual(weburl.hostnames(['https://A.org', 'nope']), ['a.org', null]);
});

test('canonical keys', () => {
  assert.equal(weburl.surt('http://www.example.com/a?b=c'), 'com,example)/a?b=c');
  assert.equal(typeof weburl.ssurt('http://www.example.com/a'), 'string');
  assert.equal(weburl.safeBrowsing('http://www.GOOgle.com/'), 'http://www.google.com/');
  assert.ok(weburl.safeBrowsingExpressions('http://a.b.c/1/2.html?param=1').includes('a.b.c/1/2.html?param=1'));
  assert.throws(() => weburl.safeBrowsing('mailto:a@b'), TypeError);
});

// Expected values from weburl-canon's tables (crates/canon/tests/data/semantic.json,
// aggressive.json, strip_tracking.json with clearurls-fixture.json).
test('urlcanon semantic and aggressive', () => {
  assert.equal(weburl.semantic('http://example.com/a#frag'), 'http://example.com/a');
  assert.equal(weburl.semantic('HTTP://u:p@Example.com.../a//b/%2e%2e/c?b=%41&a#f g'), 'http://example.com/a/c?a&b=A');
  assert.equal(weburl.semantic('example.com/%7Ea/?b=1&a=2#top'), 'http://example.com/~a/?a=2&b=1');
  assert.throws(() => weburl.semantic('no scheme at all'), TypeError);
  assert.throws(() => weburl.semantic('http://[::1'), TypeError);
  assert.equal(weburl.aggressive('  https://www.google.com/  '), 'http://google.com/');
  assert.equal(weburl.aggressive('https://www.chub.org:443/foo'), 'http://chub.org/foo');
  assert.equal(
    weburl.aggressive('http://example.com/?a=1&CFID=12412453&CFTOKEN=15501799&foo=bar'),
    'http://example.com/?a=1&foo=bar',
  );
  assert.equal(
    weburl.aggressive('http://example.com/foo?c=5&&a=1&B=3&A=2&b=4&C=6&'),
    'http://example.com/foo?a=1&a=2&b=3&b=4&c=5&c=6',
  );
});

test('stripTracking with the built-in rules and with ClearURLs rules', () => {
  assert.equal(
    weburl.stripTracking('https://example.com/a?id=7&utm_source=news&utm_medium=email&utm_campaign=spring&utm_term=t&utm_content=c&utm_id=1#top'),
    'https://example.com/a?id=7#top',
  );
  assert.equal(weburl.stripTracking('https://example.com/?fbclid=IwAR2F4&q=1'), 'https://example.com/?q=1');
  assert.equal(weburl.stripTracking('https://example.com/p#utm_source=x&sec=2'), 'https://example.com/p#sec=2');
  assert.throws(() => weburl.stripTracking('not a url'), TypeError);
  const fixture = readFileSync(join(root, 'crates/canon/tests/data/clearurls-fixture.json'), 'utf8');
  // Twice with the same text (the cached rules), the built-in list between, then again.
  for (let i = 0; i < 2; i++) {
    assert.equal(weburl.stripTracking('https://news.example/a?ref=x&id=1&src_mail=2#s', fixture), 'https://news.example/a?id=1#s');
    assert.equal(weburl.stripTracking('https://news.example/track/123/story?ref=1&k=2', fixture), 'https://news.example/story?k=2');
    assert.equal(
      weburl.stripTracking('https://out.example/go?to=https%3A%2F%2Fnews.example%2Fa%3Fref%3D1%26id%3D2&x=1', fixture),
      'https://news.example/a?id=2',
    );
    assert.equal(weburl.stripTracking('https://example.com/?gclid=1#'), 'https://example.com/#');
  }
  assert.throws(() => weburl.stripTracking('https://ads.example/x', fixture), TypeError);
  // The provider's exception keeps the field.
  assert.equal(weburl.stripTracking('https://news.example/keep/x?ref=1', fixture), 'https://news.example/keep/x?ref=1');
});

test('stripTracking: rules that do not load are a TypeError with the loader\'s message', () => {
  assert.throws(() => weburl.stripTracking('https://example.com/', 'not json'), (e) => e instanceof TypeError && /^not ClearURLs rules: /.test(e.message));
  assert.throws(() => weburl.stripTracking('https://example.com/', '{}'), (e) => e instanceof TypeError && e.message === 'not ClearURLs rules: no `providers` object');
  assert.throws(() => weburl.stripTracking('https://example.com/', '[]'), TypeError);
  assert.equal(weburl.stripTracking('https://example.com/?fbclid=1'), 'https://example.com/');
  assert.throws(() => urlOnly.stripTracking('https://example.com/'), /no 'canon'/);
  assert.throws(() => urlOnly.semantic('https://example.com/'), /no 'canon'/);
});

test('free() releases the record; later use throws', () => {
  const url = new URL('https://example.org/');
  url.free();
  url.free();
  assert.throws(() => url.href);
});

test('the URL-only build parses the same and has no PSL', () => {
  assert.equal(urlOnly.hasFeature('psl'), false);
  assert.equal(urlOnly.hasFeature('pattern'), false);
  assert.equal(new urlOnly.URL('https://EXAMPLE.org/./a').href, 'https://example.org/a');
  assert.throws(() => urlOnly.registrableDomain('https://example.org/'), /no 'psl'/);
  assert.equal(weburl.hasFeature('display'), true);
});

test('the URL-only build has no validation errors; its canParse parses', () => {
  assert.equal(urlOnly.hasFeature('validation'), false);
  assert.equal(weburl.hasFeature('validation'), true);
  assert.throws(() => urlOnly.validationErrors('https:example.org'), /no 'validation'/);
  for (const [input, base] of [
    ['https://example.org/', undefined],
    ['https://ex ample.org/', undefined],
    ['a', undefined],
    ['a', 'https://example.org/'],
    ['a', 'not a base'],
    ['http://[::1', undefined],
    ['http://xn--/', undefined],
    ['non-special:opaque', undefined],
  ]) {
    assert.equal(urlOnly.URL.canParse(input, base), weburl.URL.canParse(input, base), `${input} ${base}`);
  }
});
