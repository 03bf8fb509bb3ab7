// Shared by the suites: the WPT data directory (wpt-data/, `cargo xtask wpt-sync`).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const root = process.env.WEBURL_ROOT ?? new globalThis.URL('../../..', import.meta.url).pathname;

export function wpt(name) {
  return JSON.parse(readFileSync(join(root, 'wpt-data', name), 'utf8'));
}
