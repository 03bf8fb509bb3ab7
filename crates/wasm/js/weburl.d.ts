// Types of weburl's JavaScript package (weburl.js).

/** The WebAssembly memory's size in bytes (it grows, never shrinks). */
export function memoryBytes(): number;

/** Which optional parts this build has. */
export function hasFeature(name: 'psl' | 'display' | 'pattern' | 'canon' | 'validation'): boolean;

export type URLSearchParamsInit =
  | string
  | URLSearchParams
  | Iterable<readonly [string, string] | Iterable<string>>
  | Record<string, string>;

/** The standard's URLSearchParams. */
export class URLSearchParams implements Iterable<[string, string]> {
  constructor(init?: URLSearchParamsInit);
  readonly size: number;
  append(name: string, value: string): void;
  delete(name: string, value?: string): void;
  get(name: string): string | null;
  getAll(name: string): string[];
  has(name: string, value?: string): boolean;
  set(name: string, value: string): void;
  sort(): void;
  toString(): string;
  entries(): IterableIterator<[string, string]>;
  keys(): IterableIterator<string>;
  values(): IterableIterator<string>;
  forEach(callback: (value: string, name: string, params: URLSearchParams) => void, thisArg?: unknown): void;
  [Symbol.iterator](): IterableIterator<[string, string]>;
  /** Frees the WebAssembly list now (otherwise freed when collected). */
  free(): void;
}

/** The standard's URL class; throws a TypeError for a URL that does not parse. */
export class URL {
  constructor(url: string | URL, base?: string | URL);
  static parse(url: string | URL, base?: string | URL): URL | null;
  static canParse(url: string | URL, base?: string | URL): boolean;
  href: string;
  readonly origin: string;
  protocol: string;
  username: string;
  password: string;
  host: string;
  hostname: string;
  port: string;
  pathname: string;
  search: string;
  readonly searchParams: URLSearchParams;
  hash: string;
  toString(): string;
  toJSON(): string;
  /** Frees the WebAssembly record (and its searchParams' list) now; otherwise freed when
   * collected. */
  free(): void;
}

/** One validation error; offsets are UTF-16 code units in the input (in the base if `base`). */
export interface ValidationError {
  name: string;
  failure: boolean;
  start: number;
  end: number;
  base?: true;
}

export function validationErrors(input: string, base?: string): ValidationError[];

/** UTF-16 `[start, end]` of each non-empty component in `href`. */
export function componentRanges(url: URL | string): Partial<Record<
  'protocol' | 'username' | 'password' | 'hostname' | 'port' | 'pathname' | 'search' | 'hash',
  [number, number]
>>;

export function publicSuffix(url: URL | string): string | null;
export function registrableDomain(url: URL | string): string | null;
export function sameSite(a: URL | string, b: URL | string): boolean;

export interface DisplayOptions {
  omitScheme?: boolean;
  omitHttp?: boolean;
  omitHttps?: boolean;
  omitTrivialSubdomains?: boolean;
  trimAfterHost?: boolean;
  omitTrailingSlash?: boolean;
  hostOnly?: boolean;
  keepPercentEncoded?: boolean;
  markRegistrableDomain?: boolean;
  /** Width limit; 0 or absent: none. */
  maxWidth?: number;
}

export type Range = [number, number] | null;

export interface AceLabel {
  /** The label as shown (xn--...). */
  label: string;
  /** Its Unicode form, not shown. */
  unicode: string;
  /** The spoof rule's name (mixed-script, whole-script-confusable, lookalike, ...). */
  rule: string;
  /** The reason in words. */
  reason: string;
}

export interface Rendered {
  text: string;
  scheme: Range;
  host: Range;
  registrableDomain: Range;
  port: Range;
  path: Range;
  query: Range;
  fragment: Range;
  elided: boolean;
  aceLabels: AceLabel[];
}

export function display(url: URL | string, options?: DisplayOptions): Rendered;

export function hrefs(inputs: Iterable<string>): (string | null)[];
export function hostnames(inputs: Iterable<string>): (string | null)[];

export function surt(input: string): string;
export function ssurt(input: string): string;
export function safeBrowsing(input: string): string;
export function safeBrowsingExpressions(input: string): string[];
export function semantic(input: string): string;
export function aggressive(input: string): string;
export function stripTracking(input: string, rules?: string): string;

export interface URLPatternInit {
  protocol?: string;
  username?: string;
  password?: string;
  hostname?: string;
  port?: string;
  pathname?: string;
  search?: string;
  hash?: string;
  baseURL?: string;
}

export interface URLPatternOptions {
  ignoreCase?: boolean;
}

export interface URLPatternComponentResult {
  input: string;
  groups: Record<string, string | undefined>;
}

export interface URLPatternResult {
  inputs: (string | URLPatternInit)[];
  protocol: URLPatternComponentResult;
  username: URLPatternComponentResult;
  password: URLPatternComponentResult;
  hostname: URLPatternComponentResult;
  port: URLPatternComponentResult;
  pathname: URLPatternComponentResult;
  search: URLPatternComponentResult;
  hash: URLPatternComponentResult;
}

export type URLPatternInput = string | URLPatternInit;

/** The URLPattern Standard's URLPattern. */
export class URLPattern {
  constructor(input?: URLPatternInput, baseURL?: string, options?: URLPatternOptions);
  constructor(input?: URLPatternInput, options?: URLPatternOptions);
  test(input?: URLPatternInput, baseURL?: string): boolean;
  exec(input?: URLPatternInput, baseURL?: string): URLPatternResult | null;
  readonly protocol: string;
  readonly username: string;
  readonly password: string;
  readonly hostname: string;
  readonly port: string;
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
  readonly hasRegExpGroups: boolean;
  free(): void;
}
