// `cargo xtask wasm serve`: the viewer (this directory) and the built package (/pkg/, from
// target/wasm/pkg-full) on 127.0.0.1. PORT (default 8631; 0 picks one) from the environment;
// prints "listening on http://127.0.0.1:PORT/".
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join, normalize, extname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new globalThis.URL('.', import.meta.url));
const pkg = process.env.WEBURL_PKG ?? join(here, '../../../target/wasm/pkg-full');
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm' };

const server = createServer(async (req, res) => {
  let path;
  try {
    path = decodeURIComponent(new globalThis.URL(req.url, 'http://127.0.0.1').pathname);
  } catch {
    // A malformed percent-encoding ("/%"): URIError, which would end the server.
    res.writeHead(400).end('bad request');
    return;
  }
  const [dir, rest] = path.startsWith('/pkg/') ? [pkg, path.slice(5)] : [here, path === '/' ? 'index.html' : path.slice(1)];
  const file = normalize(join(dir, rest));
  if (!file.startsWith(normalize(dir)) || rest.includes('..')) {
    res.writeHead(403).end();
    return;
  }
  try {
    const body = await readFile(file);
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
  } catch {
    res.writeHead(404).end('not found');
  }
});
server.listen(Number(process.env.PORT ?? 8631), '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}/`);
});
