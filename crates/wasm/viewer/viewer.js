// The viewer: every rule is weburl's (the npm package, served from /pkg/); this file only
// draws. Each ?input=…&base=… pair of the address gets a panel; the form edits the first.
import * as weburl from './pkg/weburl.js';

const SPEC = 'https://url.spec.whatwg.org/#';
const COMPONENTS = ['protocol', 'username', 'password', 'hostname', 'port', 'pathname', 'search', 'hash'];

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') e.className = v;
    else e.setAttribute(k, v);
  }
  for (const c of children) e.append(c);
  return e;
}

function browserHref(input, base) {
  try {
    return base ? new globalThis.URL(input, base).href : new globalThis.URL(input).href;
  } catch {
    return null;
  }
}

function oursHref(input, base) {
  const url = weburl.URL.parse(input, base || undefined);
  return url;
}

// The input with the validation errors' spans marked.
function markedInput(input, errors) {
  const bar = el('div', { class: 'bar mono', 'data-part': 'input' });
  let at = 0;
  const spans = errors.filter((e) => !e.base).sort((a, b) => a.start - b.start);
  for (const e of spans) {
    if (e.start < at) continue;
    bar.append(input.slice(at, e.start));
    const text = e.end > e.start ? input.slice(e.start, e.end) : '\u2038';
    bar.append(el('span', { class: 'err', title: e.name }, text));
    at = Math.max(e.end, e.start);
  }
  bar.append(input.slice(at));
  return bar;
}

function componentsBar(url) {
  const href = url.href;
  const ranges = weburl.componentRanges(url);
  const bar = el('div', { class: 'bar', 'data-part': 'components' });
  let at = 0;
  for (const name of COMPONENTS) {
    const r = ranges[name];
    if (!r) continue;
    const [s, e] = r;
    if (s > at) bar.append(href.slice(at, s));
    bar.append(el('span', { class: `comp ${name}`, 'data-component': name, 'data-range': `${s},${e}` },
      href.slice(s, e), el('small', {}, `${name} ${s}..${e}`)));
    at = e;
  }
  bar.append(href.slice(at));
  return bar;
}

function panel(input, base) {
  const section = el('section', { class: 'case', 'data-input': input, 'data-base': base ?? '' });
  section.append(el('h2', {}, base ? `${input}  (base ${base})` : input));
  const errors = weburl.validationErrors(input, base || undefined);
  section.append(markedInput(input, errors));
  const url = oursHref(input, base);
  const theirs = browserHref(input, base);
  const ours = url ? url.href : null;
  const same = ours === theirs;
  section.dataset.href = ours ?? 'failure';
  section.dataset.browserHref = theirs ?? 'failure';
  section.dataset.same = String(same);
  if (url) section.append(componentsBar(url));

  const table = el('table');
  const row = (name, value, attrs = {}) => table.append(el('tr', attrs, el('th', {}, name), el('td', {}, value)));
  row('weburl', ours ?? el('span', { class: 'failure' }, 'failure'), { 'data-row': 'weburl' });
  row('this browser', theirs ?? el('span', { class: 'failure' }, 'failure'),
    same ? { 'data-row': 'browser' } : { 'data-row': 'browser', class: 'diff' });
  if (!same) row('difference', 'weburl and this browser disagree', { 'data-row': 'difference', class: 'diff' });
  const errList = el('ul', { 'data-part': 'errors' });
  for (const e of errors) {
    errList.append(el('li', { 'data-error': e.name },
      el('a', { href: SPEC + e.name }, e.name),
      ` ${e.base ? 'in the base ' : ''}at ${e.start}..${e.end}${e.failure ? ' (failure)' : ''}`));
  }
  row('validation errors', errors.length ? errList : 'none', { 'data-row': 'errors' });
  if (url) {
    row('registrable domain', weburl.registrableDomain(url) ?? '(none)', { 'data-row': 'registrable' });
    const shown = weburl.display(url);
    const rules = el('ul', { 'data-part': 'spoof' });
    for (const label of shown.aceLabels) {
      rules.append(el('li', { 'data-rule': label.rule }, `${label.unicode} kept as ${label.label}: ${label.rule} (${label.reason})`));
    }
    if (shown.aceLabels.length === 0) rules.append(el('li', { 'data-rule': 'none' }, 'every label shown as it is'));
    row('display', el('div', {}, el('div', { class: 'mono', 'data-part': 'display' }, shown.text), rules), { 'data-row': 'display' });
    url.free();
  }
  section.append(table);
  return section;
}

function render() {
  const params = new globalThis.URLSearchParams(location.search);
  const inputs = params.getAll('input');
  const bases = params.getAll('base');
  const cases = document.getElementById('cases');
  cases.replaceChildren();
  if (inputs.length === 0) inputs.push('https://user:pass@EXAMPLE.com:443/a/../b?q=1#f');
  inputs.forEach((input, i) => cases.append(panel(input, bases[i] || '')));
  document.getElementById('input').value = inputs[0];
  document.getElementById('base').value = bases[0] ?? '';
}

for (const id of ['input', 'base']) {
  document.getElementById(id).addEventListener('input', () => {
    const input = document.getElementById('input').value;
    const base = document.getElementById('base').value;
    document.getElementById('cases').replaceChildren(panel(input, base));
  });
}
render();
const status = document.getElementById('status');
status.textContent = 'ready';
status.dataset.ready = 'true';
