import 'reflect-metadata';
import * as fs from 'fs';
import * as path from 'path';
import { ConfigError, loadConfig } from './core/config/config';
import { standaloneDataSource } from './core/db/standalone';
import './models';
import { ImportRefusedError, Importer } from './import-netbox/importer';
import { formatReport, progressFor } from './import-netbox/report';
import { UnknownSchemaError } from './import-netbox/schema-version';
import { DumpdataSource } from './import-netbox/dumpdata-source';
import { NetboxSource, PostgresSource } from './import-netbox/source';

const USAGE = 'Usage: import-netbox SOURCE [--dry-run] [--merge] [--media DIR] [--batch N]\n  SOURCE: postgres://… (a NetBox database) or a `manage.py dumpdata` .json (or .json.gz) file';

export interface CliOptions {
  source: string;
  dryRun: boolean;
  merge: boolean;
  media?: string;
  batch?: number;
}

export function parseArgs(argv: string[]): CliOptions {
  const options: Partial<CliOptions> = { dryRun: false, merge: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--dry-run') options.dryRun = true;
    else if (arg === '--merge') options.merge = true;
    else if (arg === '--media') options.media = argv[++i];
    else if (arg === '--batch') {
      const n = Number(argv[++i]);
      if (!Number.isInteger(n) || n < 1) throw new UsageError('--batch takes a whole number of rows, 1 or more.');
      options.batch = n;
    } else if (arg.startsWith('--')) throw new UsageError(`Unknown option ${arg}.`);
    else if (options.source) throw new UsageError('One source only.');
    else options.source = arg;
  }
  if (!options.source) throw new UsageError('No source given.');
  if (options.media !== undefined && !options.media) throw new UsageError('--media takes a directory.');
  return options as CliOptions;
}

class UsageError extends Error {}

/** The source a command line names: a NetBox database, or a `dumpdata` file (plain or gzipped). */
export async function openSource(source: string): Promise<NetboxSource> {
  if (/^postgres(ql)?:\/\//.test(source)) return new PostgresSource(source);
  if (source.endsWith('.json') || source.endsWith('.json.gz')) {
    if (!fs.existsSync(source)) throw new UsageError(`No such file: ${source}`);
    return new DumpdataSource(source);
  }
  throw new UsageError(`Not a source: ${source} (a postgres:// URL or a .json file).`);
}

/**
 * `npm run import-netbox -- SOURCE` (in the image, `node dist/src/import-netbox.js SOURCE`): brings a NetBox's data into
 * this service's database (DATABASE_URL, or the embedded one in DATA_DIR), migrated first.
 */
async function main(argv: string[]): Promise<number> {
  const started = performance.now();
  const options = parseArgs(argv);
  if (options.media && !fs.statSync(options.media, { throwIfNoEntry: false })?.isDirectory()) throw new UsageError(`No such directory: ${options.media}`);
  const source = await openSource(options.source);
  const config = loadConfig();
  const dataSource = standaloneDataSource(config);
  await dataSource.initialize();
  try {
    await dataSource.runMigrations({ transaction: 'all' });
    const media = options.media ? { from: path.resolve(options.media), root: config.mediaRoot } : undefined;
    const importer = new Importer(dataSource, source, { dryRun: options.dryRun, merge: options.merge, batchSize: options.batch, media, progress: progressFor(process.stderr) });
    const report = await importer.run();
    console.log(formatReport(report));
    const steps = Object.entries(report.seconds).map(([step, s]) => `${step} ${s} s`).join(', ');
    console.log(`\nTook ${((performance.now() - started) / 1000).toFixed(1)} s (${steps}); peak memory ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB.`);
    return report.totals.refused ? 3 : 0;
  } finally {
    await source.close();
    await dataSource.destroy();
  }
}

/** Runs the command and exits with its status: 0 done, 3 done with refusals, 2 a wrong command line or setting, 1 a failure. */
export function cli(argv: string[]): void {
  main(argv).then(
    (code) => process.exit(code),
    (e) => {
      if (e instanceof UsageError) console.error(`${e.message}\n${USAGE}`);
      else if (e instanceof ConfigError) console.error(`Configuration error: ${e.message}`);
      else if (e instanceof ImportRefusedError || e instanceof UnknownSchemaError) console.error(e.message);
      else console.error(e);
      process.exit(e instanceof UsageError || e instanceof ConfigError ? 2 : 1);
    },
  );
}

if (require.main === module) cli(process.argv.slice(2));
