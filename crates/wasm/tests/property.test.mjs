// A fuzz-style property test: random strings (ASCII structure, non-ASCII, lone surrogates)
// through the constructor, URL.parse and random setter sequences; nothing may throw but a
// TypeError, every href must parse again to itself (idempotence), and a million calls must
// not grow the WebAssembly memory once warmed up.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { URL, URLSearchParams, hrefs, memoryBytes, validationErrors } from 'weburl';

// A seeded generator: failures are reproducible.
let seed = 0x5eed1234;
const rand = (n) => {
  seed ^= seed << 13; seed >>>= 0;
  seed ^= seed >>> 17;
  seed ^= seed << 5; seed >>>= 0;
  return seed % n;
};
const PIECES = ['http:', 'https:', 'file:', 'ws:', 'a:', '//', '/', '\\', '?', '#', '@', ':', '.', '..', '%', '%2e', '%zz',
  '[', ']', '::1', '1.2.3.4', '0x7f.1', 'example.org', 'xn--', 'ß', 'é', '😀', '\ud800', '\udc00', ' ', '\t', '\n', '\0',
  'a', 'Z', '9', '65536', '=', '&', '+', 'javascript:', 'blob:', 'data:,', '\u3002', '\uff0e', '\u200d'];
const randomString = () => {
  let s = '';
  const n = rand(8);
  for (let i = 0; i < n; i += 1) s += PIECES[rand(PIECES.length)];
  return s;
};
const SETTERS = ['href', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash'];

function onlyTypeErrors(f) {
  try {
    return f();
  } catch (e) {
    assert.ok(e instanceof TypeError, `not a TypeError: ${e}`);
    return undefined;
  }
}

test('random inputs and setter sequences: only TypeErrors, hrefs reparse to themselves', () => {
  for (let i = 0; i < 20000; i += 1) {
    const input = randomString();
    const url = onlyTypeErrors(() => new URL(input, rand(2) ? 'https://base.example/x/y?q#f' : undefined));
    validationErrors(input);
    if (url === undefined) continue;
    for (let k = rand(5); k > 0; k -= 1) {
      const setter = SETTERS[rand(SETTERS.length)];
      onlyTypeErrors(() => { url[setter] = randomString(); });
      if (rand(4) === 0) onlyTypeErrors(() => url.searchParams.append(randomString(), randomString()));
    }
    const again = new URL(url.href);
    assert.equal(again.href, url.href, `${JSON.stringify(input)}`);
    again.free();
    url.free();
  }
});

test('a million calls do not grow the WebAssembly memory', async () => {
  const inputs = Array.from({ length: 1000 }, () => `https://example.org/${randomString()}?${randomString()}`);
  let calls = 0;
  // 1000 calls: URLs freed by hand, and URLs and lists left to the FinalizationRegistry.
  const round = () => {
    for (let i = 0; i < 200; i += 1) {
      const url = new URL(inputs[i % inputs.length]);
      url.searchParams.set('a', 'b');
      url.free();
      URL.canParse(inputs[(i * 7) % inputs.length]);
      new URL(inputs[(i * 3) % inputs.length]).href;
      new URLSearchParams('a=b&c=d').toString();
      calls += 5;
    }
  };
  // Finalizers run between tasks: collect and yield every 50 rounds.
  const settle = async () => {
    if (globalThis.gc) globalThis.gc();
    await new Promise((r) => setTimeout(r, 10));
  };
  for (let i = 0; i < 100; i += 1) {
    round();
    if (i % 50 === 49) await settle();
  }
  hrefs(inputs);
  await settle();
  const warm = memoryBytes();
  calls = 0;
  for (let i = 0; i < 1000; i += 1) {
    round();
    if (i % 10 === 9) await settle();
  }
  await settle();
  assert.ok(calls >= 1000000, `${calls} calls`);
  // The objects left to the FinalizationRegistry are freed when the engine runs their
  // finalizers, which a loaded machine may put off past a settle: the memory may grow by what
  // is awaiting them (a few thousand objects), never by what a million calls would leak (a
  // leak of 8 bytes a call is 8 MB).
  const grown = memoryBytes() - warm;
  assert.ok(grown <= 4 * 1024 * 1024, `memory grew by ${grown} bytes over ${calls} calls`);
});
