// weburl for JavaScript: the WHATWG URL Standard's URL and URLSearchParams, URLPattern,
// validation errors, the Public Suffix List, display and canonical keys, all computed by the
// Rust crates compiled to WebAssembly (weburl_wasm_bg.wasm). This file only adapts
// JavaScript's calling conventions (WebIDL conversions, TypeError) to the wasm exports.
import * as wasm from './weburl_wasm.js';

const isNode = typeof process !== 'undefined' && process.versions != null && process.versions.node != null;
let exports;
if (isNode) {
  const { readFileSync } = await import('node:fs');
  exports = wasm.initSync({ module: readFileSync(new globalThis.URL('./weburl_wasm_bg.wasm', import.meta.url)) });
} else {
  exports = await wasm.default();
}

/** The size of the WebAssembly memory in bytes (it grows, never shrinks: a leak shows here). */
export function memoryBytes() {
  return exports.memory.buffer.byteLength;
}

const features = new Set(JSON.parse(wasm.features()));

/** Which optional parts this build has: 'psl', 'display', 'pattern', 'canon', 'validation'. */
export function hasFeature(name) {
  return features.has(name);
}

function need(name) {
  if (!features.has(name)) {
    throw new Error(`weburl: this build has no '${name}' (the URL-only package)`);
  }
}

// WebIDL's USVString conversion: ToString, which a template literal applies (unlike
// String(), it throws TypeError for a Symbol, as WebIDL's conversion does); lone surrogates
// become U+FFFD when the string crosses into WebAssembly (TextEncoder), as the standard's
// conversion says.
const usv = (v) => `${v}`;
const optUsv = (v) => (v === undefined ? undefined : `${v}`);

// A wasm export that returns Err(String) throws the string: the API throws a TypeError.
function typeErrors(f) {
  try {
    return f();
  } catch (e) {
    if (typeof e === 'string') throw new TypeError(e);
    throw e;
  }
}

const LINK = Symbol('weburl.link');

/** The standard's URLSearchParams (https://url.spec.whatwg.org/#urlsearchparams). */
export class URLSearchParams {
  #p;
  #update = null;

  constructor(init = '', link = undefined) {
    if (link !== undefined && link[LINK] === true) {
      this.#p = init;
      this.#update = link.update;
      return;
    }
    if (init instanceof URLSearchParams) {
      this.#p = wasm.WasmSearchParams.fromFlat(init.#p.flat());
    } else if (typeof init === 'object' && init !== null || typeof init === 'function') {
      const flat = [];
      if (typeof init[Symbol.iterator] === 'function') {
        for (const pair of init) {
          if (typeof pair !== 'object' || pair === null || typeof pair[Symbol.iterator] !== 'function') {
            throw new TypeError('URLSearchParams: each pair must be an iterable');
          }
          const p = [...pair];
          if (p.length !== 2) throw new TypeError('URLSearchParams: each pair must have two items');
          flat.push(usv(p[0]), usv(p[1]));
        }
      } else {
        for (const key of Reflect.ownKeys(init)) {
          if (typeof key !== 'string') continue;
          const desc = Reflect.getOwnPropertyDescriptor(init, key);
          if (desc !== undefined && desc.enumerable) flat.push(usv(key), usv(init[key]));
        }
      }
      this.#p = wasm.WasmSearchParams.fromFlat(flat);
    } else {
      this.#p = wasm.WasmSearchParams.parse(usv(init));
    }
  }

  #changed() {
    if (this.#update !== null) this.#update(this.#p);
  }

  /** Frees the WebAssembly list now (otherwise freed when collected). */
  free() {
    if (this.#p !== undefined) {
      this.#p.free();
      this.#p = undefined;
    }
  }

  /** @internal the URL's query changed: the list is parsed again. */
  static _replace(params, inner) {
    params.#p.free();
    params.#p = inner;
  }

  get size() { return this.#p.size; }
  append(name, value) { this.#p.append(usv(name), usv(value)); this.#changed(); }
  delete(name, value) {
    if (value === undefined) this.#p.delete(usv(name));
    else this.#p.deleteWithValue(usv(name), usv(value));
    this.#changed();
  }
  get(name) { return this.#p.get(usv(name)) ?? null; }
  getAll(name) { return this.#p.getAll(usv(name)); }
  has(name, value) {
    return value === undefined ? this.#p.has(usv(name)) : this.#p.hasWithValue(usv(name), usv(value));
  }
  set(name, value) { this.#p.set(usv(name), usv(value)); this.#changed(); }
  sort() { this.#p.sort(); this.#changed(); }
  toString() { return this.#p.toString(); }
  *entries() {
    const flat = this.#p.flat();
    for (let i = 0; i < flat.length; i += 2) yield [flat[i], flat[i + 1]];
  }
  *keys() { for (const [k] of this.entries()) yield k; }
  *values() { for (const [, v] of this.entries()) yield v; }
  forEach(callback, thisArg) {
    for (const [k, v] of this.entries()) callback.call(thisArg, v, k, this);
  }
  [Symbol.iterator]() { return this.entries(); }
  get [Symbol.toStringTag]() { return 'URLSearchParams'; }
}

/**
 * The standard's URL class (https://url.spec.whatwg.org/#url-class). The WebAssembly record
 * behind it is freed when the object is collected (wasm-bindgen's FinalizationRegistry) or at
 * once by `free()`.
 */
export class URL {
  #u;
  #params = null;

  constructor(url, base = undefined) {
    const input = usv(url);
    const b = optUsv(base);
    const u = wasm.WasmUrl.parse(input, b);
    if (u === undefined) {
      throw new TypeError(`Invalid URL (${wasm.parseFailure(input, b)}): ${input}`);
    }
    this.#u = u;
  }

  /** `URL.parse(url, base)`: the URL, or null. */
  static parse(url, base = undefined) {
    try {
      return new URL(url, base);
    } catch {
      return null;
    }
  }

  /** `URL.canParse(url, base)` */
  static canParse(url, base = undefined) {
    return wasm.canParse(usv(url), optUsv(base));
  }

  #refresh() {
    if (this.#params !== null) URLSearchParams._replace(this.#params, this.#u.searchParams());
  }

  get href() { return this.#u.href; }
  set href(v) {
    const value = usv(v);
    if (!this.#u.setHref(value)) {
      throw new TypeError(`Invalid URL (${wasm.parseFailure(value, undefined)}): ${value}`);
    }
    this.#refresh();
  }
  get origin() { return this.#u.origin; }
  get protocol() { return this.#u.protocol; }
  set protocol(v) { this.#u.setProtocol(usv(v)); }
  get username() { return this.#u.username; }
  set username(v) { this.#u.setUsername(usv(v)); }
  get password() { return this.#u.password; }
  set password(v) { this.#u.setPassword(usv(v)); }
  get host() { return this.#u.host; }
  set host(v) { this.#u.setHost(usv(v)); }
  get hostname() { return this.#u.hostname; }
  set hostname(v) { this.#u.setHostname(usv(v)); }
  get port() { return this.#u.port; }
  set port(v) { this.#u.setPort(usv(v)); }
  get pathname() { return this.#u.pathname; }
  set pathname(v) { this.#u.setPathname(usv(v)); }
  get search() { return this.#u.search; }
  set search(v) { this.#u.setSearch(usv(v)); this.#refresh(); }
  get searchParams() {
    if (this.#params === null) {
      const update = (inner) => this.#u.setSearchParams(inner);
      this.#params = new URLSearchParams(this.#u.searchParams(), { [LINK]: true, update });
    }
    return this.#params;
  }
  get hash() { return this.#u.hash; }
  set hash(v) { this.#u.setHash(usv(v)); }
  toString() { return this.#u.href; }
  toJSON() { return this.#u.href; }
  get [Symbol.toStringTag]() { return 'URL'; }

  /** Frees the WebAssembly record now; the object is unusable afterwards. */
  free() {
    if (this.#u !== undefined) {
      this.#u.free();
      this.#u = undefined;
    }
    if (this.#params !== null) {
      this.#params.free();
      this.#params = null;
    }
  }

  /** @internal */
  static _inner(url) { return url.#u; }
}

function record(url) {
  if (url instanceof URL) return [URL._inner(url), false];
  const u = wasm.WasmUrl.parse(usv(url), undefined);
  if (u === undefined) throw new TypeError(`Invalid URL: ${usv(url)}`);
  return [u, true];
}

function withRecord(url, f) {
  const [u, owned] = record(url);
  try {
    return f(u);
  } finally {
    if (owned) u.free();
  }
}

/**
 * The validation errors of parsing `input` (against `base`): `{name, failure, start, end}`
 * with UTF-16 offsets in `input` (in `base`, and `base: true`, for a base that fails).
 */
export function validationErrors(input, base = undefined) {
  need('validation');
  return JSON.parse(wasm.validationErrors(usv(input), optUsv(base)));
}

/** The components' UTF-16 `[start, end]` ranges in `url.href`. */
export function componentRanges(url) {
  return withRecord(url, (u) => JSON.parse(u.ranges()));
}

/** The public suffix of the URL's host (a URL or a string), or null. */
export function publicSuffix(url) {
  need('psl');
  return withRecord(url, (u) => u.publicSuffix() ?? null);
}

/** The registrable domain of the URL's host (a URL or a string), or null. */
export function registrableDomain(url) {
  need('psl');
  return withRecord(url, (u) => u.registrableDomain() ?? null);
}

/** Whether two URLs (or strings) are same site (https://html.spec.whatwg.org/#same-site). */
export function sameSite(a, b) {
  need('psl');
  return withRecord(a, (ua) => withRecord(b, (ub) => ua.sameSite(ub)));
}

const DISPLAY_OPTIONS = [
  'omitScheme', 'omitHttp', 'omitHttps', 'omitTrivialSubdomains', 'trimAfterHost',
  'omitTrailingSlash', 'hostOnly', 'keepPercentEncoded', 'markRegistrableDomain',
];

/**
 * The URL rendered for people: `{text, scheme, host, registrableDomain, port, path, query,
 * fragment, elided, aceLabels}`; ranges are UTF-16 `[start, end]` in `text`, each
 * `aceLabels` entry names the spoof rule (`rule`) that kept the label in its xn-- form.
 */
export function display(url, options = {}) {
  need('display');
  let flags = 0;
  DISPLAY_OPTIONS.forEach((name, bit) => {
    if (options[name]) flags |= 1 << bit;
  });
  const width = options.maxWidth === undefined ? 0 : Math.max(0, Math.floor(Number(options.maxWidth)) || 0);
  return withRecord(url, (u) => JSON.parse(u.display(flags, width)));
}

/** `href` of each string (null for one that does not parse): one call into WebAssembly. */
export function hrefs(inputs) {
  return wasm.hrefs(Array.from(inputs, usv));
}

/** `hostname` of each string (null for one that does not parse). */
export function hostnames(inputs) {
  return wasm.hostnames(Array.from(inputs, usv));
}

/** The SURT form of a URL string. */
export function surt(input) {
  need('canon');
  return typeErrors(() => wasm.surt(usv(input)));
}

/** The SSURT form of a URL string. */
export function ssurt(input) {
  need('canon');
  return typeErrors(() => wasm.ssurt(usv(input)));
}

/** Safe Browsing's canonical form of a URL string. */
export function safeBrowsing(input) {
  need('canon');
  return typeErrors(() => wasm.safeBrowsing(usv(input)));
}

/** Safe Browsing's lookup expressions of a URL string. */
export function safeBrowsingExpressions(input) {
  need('canon');
  return typeErrors(() => wasm.safeBrowsingExpressions(usv(input)));
}

/** urlcanon's `semantic` form of a URL string. */
export function semantic(input) {
  need('canon');
  return typeErrors(() => wasm.semantic(usv(input)));
}

/** urlcanon's `aggressive` form of a URL string. */
export function aggressive(input) {
  need('canon');
  return typeErrors(() => wasm.aggressive(usv(input)));
}

/**
 * A URL string without its tracking fields: `rules` is the text of rules in ClearURLs' JSON
 * format (undefined: the built-in list); rules that do not load throw a TypeError.
 */
export function stripTracking(input, rules) {
  need('canon');
  return typeErrors(() => wasm.stripTracking(usv(input), optUsv(rules)));
}

const INIT_MEMBERS = ['protocol', 'username', 'password', 'hostname', 'port', 'pathname', 'search', 'hash', 'baseURL'];

function initArgs(init) {
  if (typeof init !== 'object' || init === null) throw new TypeError('URLPattern: not a URLPatternInit');
  const values = [];
  let present = 0;
  INIT_MEMBERS.forEach((name, i) => {
    const v = init[name];
    if (v !== undefined) {
      values.push(usv(v));
      present |= 1 << i;
    } else {
      values.push('');
    }
  });
  return [values, present];
}

function patternResult(json) {
  const r = JSON.parse(json);
  if (r === null) return null;
  for (const name of INIT_MEMBERS.slice(0, 8)) {
    const c = r[name];
    for (const g of c.undefinedGroups) c.groups[g] = undefined;
    delete c.undefinedGroups;
  }
  return r;
}

/** The URLPattern Standard's URLPattern (https://urlpattern.spec.whatwg.org/#urlpattern). */
export class URLPattern {
  #p;

  constructor(input = {}, baseURL = undefined, options = undefined) {
    need('pattern');
    if (typeof baseURL === 'object' && baseURL !== null && options === undefined) {
      options = baseURL;
      baseURL = undefined;
    }
    if (options !== undefined && options !== null && typeof options !== 'object') {
      throw new TypeError('URLPattern: options is not a dictionary');
    }
    const ignoreCase = Boolean(options?.ignoreCase);
    if (typeof input === 'string') {
      this.#p = typeErrors(() => wasm.WasmPattern.fromString(input, optUsv(baseURL), ignoreCase));
    } else {
      if (baseURL !== undefined) throw new TypeError('URLPattern: a base URL with a URLPatternInit');
      const [values, present] = initArgs(input);
      this.#p = typeErrors(() => wasm.WasmPattern.fromInit(values, present, ignoreCase));
    }
  }

  test(input = {}, baseURL = undefined) {
    if (typeof input === 'string') return typeErrors(() => this.#p.testString(input, optUsv(baseURL)));
    if (baseURL !== undefined) throw new TypeError('URLPattern: a base URL with a URLPatternInit');
    const [values, present] = initArgs(input);
    return typeErrors(() => this.#p.testInit(values, present));
  }

  exec(input = {}, baseURL = undefined) {
    if (typeof input === 'string') return patternResult(typeErrors(() => this.#p.execString(input, optUsv(baseURL))));
    if (baseURL !== undefined) throw new TypeError('URLPattern: a base URL with a URLPatternInit');
    const [values, present] = initArgs(input);
    return patternResult(typeErrors(() => this.#p.execInit(values, present)));
  }

  get protocol() { return this.#p.component('protocol'); }
  get username() { return this.#p.component('username'); }
  get password() { return this.#p.component('password'); }
  get hostname() { return this.#p.component('hostname'); }
  get port() { return this.#p.component('port'); }
  get pathname() { return this.#p.component('pathname'); }
  get search() { return this.#p.component('search'); }
  get hash() { return this.#p.component('hash'); }
  get hasRegExpGroups() { return this.#p.hasRegExpGroups(); }

  /** Frees the compiled pattern now. */
  free() {
    if (this.#p !== undefined) {
      this.#p.free();
      this.#p = undefined;
    }
  }
}
