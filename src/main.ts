// First: before the heap grows.
import './core/observability/heap';
import { Logger } from '@nestjs/common';
import { createApp } from './app.factory';
import { ConfigError, loadConfig } from './core/config/config';
import { exitOnSignal } from './core/lifecycle/shutdown';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createApp(config);
  await app.listen(config.port, config.host);
  exitOnSignal(app, { API: app.getHttpServer() });
  new Logger('Inventory').log(`Listening on http://${config.host}:${config.port}/api/ (${config.databaseUrl ? 'PostgreSQL' : 'SQLite'})`);
}

main().catch((e) => {
  // A bad setting or a plugin that cannot be installed: one line that names it.
  if (e instanceof ConfigError) {
    console.error(`Configuration error: ${e.message}`);
    process.exit(2);
  }
  console.error(e);
  process.exit(1);
});
