// The benchmark's load generator: Debian's `wrk` (C, one event loop per thread), light enough that the bare
// memory-only server outruns the service many times over on the same cores. A generated Lua script sends one
// fixed request, or a random path of a list file per request, and prints its summary as one JSON line.
const { spawn } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const INSTALL_HINT = 'install it with `apt-get install wrk` (Debian, Ubuntu) or `brew install wrk`, or put a wrk binary on PATH';

/** The wrk binary on PATH, or null. */
function findWrk() {
  for (const dir of (process.env.PATH || '').split(path.delimiter)) {
    const candidate = path.join(dir, 'wrk');
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/** A Lua string literal for any text. */
const lua = (text) => `"${Buffer.from(text).toString('hex').replace(/../g, '\\x$&')}"`;

/** Lua for bodies that change with every request: `address(k)` is the benchmark's k-th /32 in 100.64.0.0/10. */
const LUA_HELPERS = [
  'function address(k) return string.format("100.%d.%d.%d/32", 64 + bit.band(bit.rshift(k, 16), 63), bit.band(bit.rshift(k, 8), 255), bit.band(k, 255)) end',
];

function script({ method, paths, body, luaBody, counter, headers }) {
  const lines = [`wrk.method = ${lua(method)}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`wrk.headers[${lua(name)}] = ${lua(value)}`);
  if (body !== undefined) lines.push(`wrk.body = ${lua(body)}`);
  if (luaBody) {
    // A global, so that done() can read where the one thread's counter ended (thread:get).
    lines.push(
      ...LUA_HELPERS,
      `n = ${counter}`,
      `function body() ${luaBody} end`,
      'local threads = {}',
      'function setup(thread) threads[#threads + 1] = thread end',
      'function request() return wrk.format(nil, nil, nil, body()) end',
      'function counter() return threads[1]:get("n") end',
    );
  } else {
    lines.push('function counter() return 0 end');
  }
  if (paths) {
    // Each thread reads the list into its own Lua state, and seeds its own generator.
    lines.push(
      'local paths = {}',
      `for line in io.lines(${lua(paths)}) do paths[#paths + 1] = line end`,
      'local threads = 0',
      'function setup(thread) threads = threads + 1; thread:set("number", threads) end',
      'function init(args) math.randomseed(os.time() * 1000 + (number or 0)) end',
      'function request() return wrk.format(nil, paths[math.random(#paths)]) end',
    );
  }
  // summary.errors.status counts answers with a status above 399.
  lines.push(
    'function done(summary, latency, requests)',
    '  local e = summary.errors',
    '  io.write(string.format("\\nWRK_JSON {\\"requests\\":%d,\\"durationUs\\":%d,\\"bytes\\":%d,\\"connectErrors\\":%d,\\"readErrors\\":%d,\\"writeErrors\\":%d,\\"statusErrors\\":%d,\\"timeouts\\":%d,\\"p50\\":%d,\\"p95\\":%d,\\"p99\\":%d,\\"max\\":%d,\\"counter\\":%d}\\n",',
    '    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,',
    '    latency:percentile(50), latency:percentile(95), latency:percentile(99), latency.max, counter()))',
    'end',
  );
  return lines.join('\n') + '\n';
}

/**
 * One wrk run against `base`: a fixed `path`, or a random one of `paths` per request; a fixed `body`, or one made
 * per request by `luaBody` (Lua statements that return it, advancing the global counter `n` from `counter`).
 * Latencies in ms; `counter`: where `n` ended.
 * One thread: on two cores, a second would take the service's time, and one sends far faster than the service answers.
 */
async function runWrk(wrk, { base, method, path: urlPath, paths, body, luaBody, counter = 0, headers, connections, duration }) {
  if (paths && luaBody) throw new Error('a run takes a list of paths or a body made per request, not both');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inventory-bench-wrk-'));
  try {
    let listFile;
    if (paths) fs.writeFileSync((listFile = path.join(dir, 'paths.txt')), paths.join('\n') + '\n');
    const scriptFile = path.join(dir, 'run.lua');
    fs.writeFileSync(scriptFile, script({ method, paths: listFile, body, luaBody, counter, headers }));
    const args = ['--threads', '1', '--connections', String(connections), '--duration', `${duration}s`, '--timeout', '60s', '--script', scriptFile, base + (urlPath ?? paths[0])];
    const { stdout, code } = await new Promise((resolve, reject) => {
      const child = spawn(wrk, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (c) => (out += c));
      child.stderr.on('data', (c) => (out += c));
      child.on('error', reject);
      child.on('exit', (exitCode) => resolve({ stdout: out, code: exitCode }));
    });
    const line = /^WRK_JSON (.*)$/m.exec(stdout);
    if (code !== 0 || !line) throw new Error(`wrk failed (exit ${code}):\n${stdout}`);
    const r = JSON.parse(line[1]);
    const seconds = r.durationUs / 1e6;
    const ms = (us) => +(us / 1000).toFixed(2);
    const errors = r.connectErrors + r.readErrors + r.writeErrors + r.timeouts;
    return {
      // Answers that succeeded: a ceiling's statement cut short by its timeout answers 500, which is no speed.
      reqPerSec: +((r.requests - r.statusErrors) / seconds).toFixed(1),
      p50: r.requests ? ms(r.p50) : null,
      p95: r.requests ? ms(r.p95) : null,
      p99: r.requests ? ms(r.p99) : null,
      requests: r.requests,
      non2xx: r.statusErrors,
      errors,
      counter: r.counter,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

module.exports = { findWrk, runWrk, INSTALL_HINT };
