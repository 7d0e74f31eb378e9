// The benchmark's ceiling: a bare Node HTTP server that answers each scenario with the body the
// service gave, either straight from memory (`/memory/<n>`) or after running the SQL statements the
// service ran for it (`/sql/<n>`) or those an earlier commit ran (`/baseline/<n>`), with the same
// driver; a spread scenario answers one of its recorded paths at random. Writes run theirs in a
// transaction rolled back, so that a scenario can be replayed forever. Run as a child: `node ceiling.js <plan.json>`.
const fs = require('fs');
const http = require('http');
const path = require('path');

const plan = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const TRANSACTION_CONTROL = /^\s*(BEGIN|COMMIT|ROLLBACK|START TRANSACTION|SAVEPOINT|RELEASE)/i;

function database() {
  if (plan.db.driver === 'postgres') {
    const { Pool } = require('pg');
    // The service's pool size, so that both queue on the database alike. A statement still running when its run
    // has ended would weigh on the next runs: none outlasts one (a baseline's may take seconds).
    const pool = new Pool({ connectionString: plan.db.url, max: 10, statement_timeout: plan.statementTimeout });
    return {
      async run(statements, write) {
        const client = await pool.connect();
        try {
          if (write) await client.query('BEGIN');
          for (const s of statements) await client.query(s.prepared ? { name: s.prepared, text: s.sql, values: s.params } : s.sql, s.prepared ? undefined : s.params);
          if (write) await client.query('ROLLBACK');
        } finally {
          client.release();
        }
      },
    };
  }
  const Database = require('better-sqlite3');
  const db = new Database(plan.db.file);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  const prepared = new Map();
  const statement = (sql) => {
    let s = prepared.get(sql);
    if (!s) prepared.set(sql, (s = db.prepare(sql)));
    return s;
  };
  return {
    async run(statements, write) {
      if (write) db.exec('BEGIN');
      try {
        for (const s of statements) {
          const st = statement(s.sql);
          if (st.reader) st.all(s.params);
          else st.run(s.params);
        }
      } finally {
        if (write) db.exec('ROLLBACK');
      }
    },
  };
}

const db = database();
const replayable = (statements) => statements.filter((st) => !TRANSACTION_CONTROL.test(st.sql));
// A spread scenario brings one variant per recorded path, and each request replays one of them at random.
const scenarios = plan.scenarios.map((s) => ({
  write: s.write,
  variants: (s.variants ?? [s]).map((v) => ({ status: v.status, body: Buffer.from(v.body), statements: replayable(v.statements) })),
  baseline: s.baseline ? replayable(s.baseline) : null,
}));

const server = http.createServer((req, res) => {
  const [, mode, index] = req.url.split('/');
  const scenario = scenarios[Number(index)];
  // Drain the request body, as the service must read it too.
  req.resume();
  req.on('end', async () => {
    if (!scenario?.variants.length || !['memory', 'sql', 'baseline'].includes(mode) || (mode === 'baseline' && !scenario.baseline)) {
      res.writeHead(404).end();
      return;
    }
    const variant = scenario.variants[Math.floor(Math.random() * scenario.variants.length)];
    try {
      if (mode !== 'memory') await db.run(mode === 'sql' ? variant.statements : scenario.baseline, scenario.write);
      res.writeHead(variant.status, { 'Content-Type': 'application/json', 'Content-Length': variant.body.length });
      res.end(variant.body);
    } catch (e) {
      res.writeHead(500, { 'Content-Type': 'text/plain' }).end(String(e.message));
    }
  });
});

server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: server.address().port });
  if (!process.send) console.log(`ceiling listening on ${server.address().port} (${path.basename(process.argv[2])})`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
