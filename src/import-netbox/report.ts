import { Presets, SingleBar } from 'cli-progress';
import { ImportProgress, ImportReport, ModelStats } from './importer';

/** On a terminal, a bar per model as it is read; elsewhere (a Job's log), one JSON line per model once it is done. */
export function progressFor(stream: NodeJS.WriteStream): ImportProgress {
  if (!stream.isTTY) return { start() {}, advance() {}, finish: (stats) => stream.write(`${JSON.stringify(summary(stats))}\n`) };
  let bar: SingleBar | undefined;
  return {
    start: (model, total) => {
      bar = new SingleBar({ stream, format: ' {bar} {value}/{total} {model}', hideCursor: true }, Presets.shades_classic);
      bar.start(total, 0, { model });
    },
    advance: (count) => bar?.increment(count),
    finish: (stats) => {
      bar?.update(stats.read, { model: `${stats.model}: ${stats.written} written, ${stats.skipped} skipped, ${stats.refused} refused` });
      bar?.stop();
    },
  };
}

/** A model's counts without its refusals' reasons nor its files' paths: the line a log keeps. */
function summary(stats: ModelStats): Record<string, unknown> {
  const { refusals: _, media, ...rest } = stats;
  if (!media) return rest;
  return { ...rest, media: { copied: media.copied, present: media.present, missing: media.missing.length, kept: media.kept.length } };
}

/** The report as an operator reads it: per model the counts, then every refusal with its reason, then what was not brought. */
export function formatReport(report: ImportReport): string {
  const lines = [`${report.dryRun ? 'Dry run (nothing written)' : 'Import'} from ${report.source} (${report.schema})`, ''];
  const width = Math.max(5, ...report.models.map((m) => m.model.length));
  lines.push(`${'model'.padEnd(width)}  ${['read', 'written', 'skipped', 'refused'].map((h) => h.padStart(8)).join('')}`);
  for (const m of report.models) lines.push(`${m.model.padEnd(width)}  ${[m.read, m.written, m.skipped, m.refused].map((n) => String(n).padStart(8)).join('')}`);
  const t = report.totals;
  lines.push(`${'total'.padEnd(width)}  ${[t.read, t.written, t.skipped, t.refused].map((n) => String(n).padStart(8)).join('')}`);
  const alongside = report.models.filter((m) => Object.keys(m.alsoWritten).length);
  if (alongside.length) {
    lines.push('', 'Written by the rules of what was brought (as a NetBox 3.5 client\'s write of the same values would):');
    for (const m of alongside) for (const [model, rows] of Object.entries(m.alsoWritten)) lines.push(`  ${model}: ${rows} rows, from ${m.model}`);
  }
  const refused = report.models.filter((m) => m.refusals.length);
  if (refused.length) {
    lines.push('', 'Refused:');
    for (const m of refused) for (const r of m.refusals) lines.push(`  ${m.model} ${r.id}: ${r.reason}`);
  }
  const columns = report.models.filter((m) => Object.keys(m.columnsNotBrought).length);
  if (columns.length) {
    lines.push('', 'Values not brought (no field of this service takes them):');
    for (const m of columns) for (const [column, rows] of Object.entries(m.columnsNotBrought)) lines.push(`  ${m.table}.${column}: ${rows} rows`);
  }
  const media = report.models.filter((m) => m.media);
  if (media.length) {
    lines.push('', `Media files from ${report.media} (paths below it and MEDIA_ROOT):`);
    for (const m of media) {
      const { copied, present, missing, kept } = m.media!;
      lines.push(`  ${m.model}: ${copied} ${report.dryRun ? 'to copy' : 'copied'}, ${present} already there, ${missing.length} missing, ${kept.length} kept as they were`);
      for (const file of missing) lines.push(`    missing: ${file}`);
      for (const file of kept) lines.push(`    another file is there, not overwritten: ${file}`);
    }
  }
  if (report.notBrought.length) {
    lines.push('', 'Tables not brought:');
    for (const n of report.notBrought) lines.push(`  ${n.table}: ${n.rows} rows (${n.reason})`);
  }
  if (report.differences.length) {
    lines.push('', 'Computed values that differ (NetBox had → this service computes):');
    for (const d of report.differences) lines.push(`  ${d.model} ${d.id} ${d.value}: ${String(d.netbox)} → ${String(d.ours)}`);
  } else if (!report.dryRun) {
    lines.push('', 'Computed values: all as NetBox had them.');
  }
  return lines.join('\n');
}
