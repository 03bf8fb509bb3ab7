// Node.js's answers for the file-path cases of weburl's tests: `url.pathToFileURL` and
// `url.fileURLToPath`, each under POSIX and Windows rules (the `windows` option, Node >= 20.13).
// Run by `cargo xtask node-data`, which writes the output to
// crates/core/tests/data/file_paths_node.json. Prints JSON on stdout.
'use strict';
const url = require('node:url');
// Relative paths resolve against the working directory: make it the same everywhere.
process.chdir('/');

// Absolute paths (and a few that are not) under each set of rules.
const posixPaths = [
  '/', '/a', '/a/', '/a/b/c.txt', '/a//b', '/a/./b', '/a/../b', '/..', '/a/.', '/a/..',
  '/with space', '/per%cent', '/hash#tag', '/what?query', '/new\nline', '/tab\tx', '/cr\rx',
  '/back\\slash', '/caf\u00e9', '/\u{1F600}', '/C:/x', '/C|/x', '/a"b<c>d`e{f}g^h', '/semi;colon',
  '/%2F', '/a/%2e%2e/b', '//double', '/~user', "/quote'", '/brackets[]', '/pipe|x', '/at@x',
  '/colon:x', '/plus+x', '/amp&x', '/eq=x', '/dollar$x', '/comma,x', '/paren()x', '/star*x',
  '/excl!x', '/.hidden', '/a/..b', '/a/b..', '/\u0001ctl', '/del\u007f',
  'relative', './x', '', 'C:\\x',
];
const windowsPaths = [
  'C:\\', 'C:\\a', 'C:\\a\\', 'C:/a/b', 'C:\\a\\b\\c.txt', 'c:\\lower', 'C:\\a\\\\b', 'C:\\a\\.\\b',
  'C:\\a\\..\\b', 'C:\\..\\..\\x', 'C:\\with space', 'C:\\per%cent', 'C:\\hash#tag',
  'C:\\what?query', 'C:\\new\nline', 'C:\\tab\tx', 'C:\\caf\u00e9', 'C:\\\u{1F600}',
  'C:\\a"b<c>d`e{f}g^h', 'C:\\pipe|x', 'C:\\colon:x', 'C:\\a\\.', 'C:\\a/b\\c', 'Z:\\x',
  '\\\\server\\share', '\\\\server\\share\\', '\\\\server\\share\\x\\y.txt', '\\\\server\\share\\caf\u00e9',
  '\\\\SERVER\\Share\\x', '\\\\server\\share\\a b', '\\\\server\\share\\a\\..\\b', '\\\\server\\share\\\\x',
  '\\\\192.168.0.1\\share\\x', '\\\\caf\u00e9.example\\share\\x', '\\\\server\\', '\\\\server',
  '//server/share/x', '\\\\?\\C:\\x', '\\\\?\\C:\\a\\b', '\\\\?\\UNC\\server\\share\\x',
  '\\\\?\\UNC\\server\\share', 'relative', 'C:', 'C:rel', '\\rooted', '/rooted', '',
];
const posixUrls = [
  'file:///', 'file:///a', 'file:///a/', 'file:///a/b/c.txt', 'file:///with%20space',
  'file:///per%25cent', 'file:///caf%C3%A9', 'file:///a%2Fb', 'file:///a%2fb', 'file:///a%5Cb',
  'file:///a?q=1#frag', 'file://localhost/a', 'file://host/a', 'file:///C:/x', 'file:///%00',
  'file:///a%0Ab', 'file:///%FF', 'http://example.com/a', 'file:///a//b', 'file:///a/%2e/b',
];
const windowsUrls = [
  'file:///C:/', 'file:///C:/a', 'file:///C:/a/', 'file:///C:/a/b/c.txt', 'file:///c:/lower',
  'file:///C:/with%20space', 'file:///C:/caf%C3%A9', 'file:///C:', 'file:///C|/x',
  'file://server/share/x', 'file://server/share', 'file://xn--caf-dma.example/share/x',
  'file://192.168.0.1/share/x', 'file:///a/b', 'file:///C:/a%2Fb', 'file:///C:/a%5Cb',
  'file:///C:/a?q#f', 'file:///C:/%00', 'http://example.com/C:/a', 'file://localhost/C:/x',
  'file:///C:/a//b',
];

function answer(f, input, windows) {
  try {
    const out = f(input, { windows });
    return { ok: typeof out === 'string' ? out : out.href };
  } catch (e) {
    return { error: e.code || e.name };
  }
}

const cases = [];
for (const [windows, paths, urls] of [[false, posixPaths, posixUrls], [true, windowsPaths, windowsUrls]]) {
  const style = windows ? 'windows' : 'unix';
  for (const path of paths) {
    cases.push({ style, op: 'pathToFileURL', input: path, node: answer(url.pathToFileURL, path, windows) });
  }
  for (const u of urls) {
    cases.push({ style, op: 'fileURLToPath', input: u, node: answer(url.fileURLToPath, u, windows) });
  }
}
process.stdout.write('{"node": ' + JSON.stringify(process.version) + ', "cases": [\n' + cases.map((c) => JSON.stringify(c)).join(',\n') + '\n]}\n');
