// The reference side of `cargo xtask reference-diff`: reads JSON lines of cases on stdin and
// prints, one JSON line per case and in the same order, what jsdom's whatwg-url answers.
//
// Run by xtask/reference/src/main.rs with NODE_PATH pointing at target/reference/node_modules.
//
// A case is one of
//   {"parse": input, "base": string|null}
//     -> {"href": string|null, "errors": [name...], "valid": bool, "base_failed"?: true}
//        (href null: failure; errors: parseURLWithValidationErrors's names in order; valid:
//        isValidURLString(input, {baseURL}))
//   {"url": string, "set": [[attribute, value], ...]}
//     -> {"hrefs": [href after each step...]} or {"href": null} when url does not parse
import { createRequire } from "node:module";
import { createInterface } from "node:readline";

const require = createRequire(import.meta.url);
const whatwg = require("whatwg-url");
const { URL, parseURL, parseURLWithValidationErrors, isValidURLString, serializeURL } = whatwg;

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
const out = [];
const flush = () => {
  if (out.length > 0) {
    process.stdout.write(out.join("\n") + "\n");
    out.length = 0;
  }
};

function answer(c) {
  if (c.parse !== undefined) {
    let baseURL;
    if (c.base !== null && c.base !== undefined) {
      baseURL = parseURL(c.base);
      if (baseURL === null) {
        return { href: null, errors: [], valid: false, base_failed: true };
      }
    }
    const { url, validationErrors } = parseURLWithValidationErrors(c.parse, { baseURL });
    const valid = isValidURLString(c.parse, { baseURL: baseURL ?? null });
    return { href: url === null ? null : serializeURL(url), errors: validationErrors, valid };
  }
  let url;
  try {
    url = new URL(c.url);
  } catch {
    return { href: null };
  }
  const hrefs = [];
  for (const [attribute, value] of c.set) {
    try {
      url[attribute] = value;
    } catch {
      // The href setter throws on failure; the URL is unchanged.
    }
    hrefs.push(url.href);
  }
  return { hrefs };
}

lines.on("line", line => {
  let result;
  try {
    result = answer(JSON.parse(line));
  } catch (e) {
    result = { exception: String(e) };
  }
  out.push(JSON.stringify(result));
  if (out.length >= 256) {
    flush();
  }
});
lines.on("close", flush);
