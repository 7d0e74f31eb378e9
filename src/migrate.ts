import 'reflect-metadata';
import { ConfigError, loadConfig } from './core/config/config';
import { standaloneDataSource } from './core/db/standalone';
import './models';

/**
 * `npm run migrate` (in the image, `node dist/src/migrate.js`): applies pending migrations and exits.
 * A Kubernetes Job runs it before a rollout, so that replicas never start on an older schema.
 */
async function migrate(): Promise<void> {
  const dataSource = standaloneDataSource(loadConfig());
  await dataSource.initialize();
  try {
    const applied = await dataSource.runMigrations({ transaction: 'all' });
    console.log(applied.length ? `Applied ${applied.length} migrations: ${applied.map((m) => m.name).join(', ')}` : 'No pending migrations.');
  } finally {
    await dataSource.destroy();
  }
}

migrate().catch((e) => {
  if (e instanceof ConfigError) {
    console.error(`Configuration error: ${e.message}`);
    process.exit(2);
  }
  console.error(e);
  process.exit(1);
});
