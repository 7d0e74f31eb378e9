// A writer at a fixed rate beside the readers, as an automation job is: requests leave on a fixed schedule whatever
// the answers' pace (not one after another), on keep-alive connections of its own, and each one's latency counts
// from the moment it was due, so that a request held up behind a slow one shows its wait.
const http = require('http');

const percentile = (sorted, p) => (sorted.length ? +sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))].toFixed(2) : null);

/** Starts writing; `stop()` stops sending, waits for the answers still due and returns the writer's numbers. */
function startWriter({ base, rate, headers, request }) {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const latencies = [];
  let errors = 0;
  let succeeded = 0;
  let sent = 0;
  let stopped = false;
  const inFlight = new Set();
  const started = performance.now();
  const send = (due) => {
    const { method, path, body } = request(sent++);
    const payload = JSON.stringify(body);
    const done = new Promise((resolve) => {
      const req = http.request(
        { host: url.hostname, port: url.port, method, path, agent, headers: { ...headers, 'Content-Length': Buffer.byteLength(payload) } },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - due);
            if (res.statusCode >= 200 && res.statusCode <= 299) succeeded++;
            else errors++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end(payload);
    });
    inFlight.add(done);
    done.then(() => inFlight.delete(done));
  };
  let timer;
  const tick = () => {
    if (stopped) return;
    const now = performance.now();
    // Every request due by now leaves now: a late timer never thins the schedule.
    while (started + (sent * 1000) / rate <= now) send(started + (sent * 1000) / rate);
    timer = setTimeout(tick, Math.max(0, started + (sent * 1000) / rate - performance.now()));
  };
  tick();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      const seconds = (performance.now() - started) / 1000;
      await Promise.all([...inFlight]);
      agent.destroy();
      latencies.sort((a, b) => a - b);
      return {
        rate,
        sent,
        reqPerSec: +(succeeded / seconds).toFixed(1),
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        p99: percentile(latencies, 99),
        errors,
      };
    },
  };
}

module.exports = { startWriter };
