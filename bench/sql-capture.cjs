// Preloaded into the server by bench/quotes.mjs (node --require bench/sql-capture.cjs …): records
// the SQL the server sends through node-postgres, so the bench can replay exactly what one API
// call runs. SIGUSR2 starts recording (and creates $SLAT_BENCH_SQL_FILE.recording); the next
// SIGUSR2 writes what was recorded to $SLAT_BENCH_SQL_FILE as JSON ({ text, values, rowMode,
// name, client }[]) and stops.
// (.cjs so bench/run.mjs does not take it for a bench.)
const fs = require('node:fs');
const pg = require('pg');

const file = process.env.SLAT_BENCH_SQL_FILE;
if (file) {
  let recording;
  const clientIds = new WeakMap();
  let nextClient = 1;
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function query(config, values, callback) {
    if (recording && config) {
      if (!clientIds.has(this)) clientIds.set(this, nextClient++);
      const text = typeof config === 'string' ? config : config.text;
      const vals =
        typeof config === 'string' ? values : (config.values ?? (Array.isArray(values) ? values : undefined));
      if (typeof text === 'string')
        recording.push({
          text,
          values: Array.isArray(vals) ? vals.map((v) => (v instanceof Date ? v.toISOString() : v)) : [],
          rowMode: typeof config === 'object' ? config.rowMode : undefined,
          // A named (prepared) statement is replayed under its name, so PostgreSQL keeps its plan
          // for the replay as it does for the server.
          name: typeof config === 'object' ? config.name : undefined,
          client: clientIds.get(this),
        });
    }
    return original.call(this, config, values, callback);
  };
  process.on('SIGUSR2', () => {
    if (!recording) {
      recording = [];
      fs.writeFileSync(`${file}.recording`, ''); // tells the bench that recording has started
      return;
    }
    fs.rmSync(`${file}.recording`, { force: true });
    const done = recording;
    recording = undefined;
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(done));
    fs.renameSync(`${file}.tmp`, file);
  });
}
