import { DataFile } from '../core-app/data-sources.model';
import { FieldError, datetime, foreignKey, text } from '../core/model/fields';
import { Row, WriteContext } from '../core/model/model';
import { ModelQuery } from '../core/query/model-query';

/**
 * NetBox's SyncedDataMixin: an object whose content may come from a data file. `data_file` is writable here,
 * as NetBox's form has it (its API leaves it read-only, so that no API client could link a file).
 */
export function syncedDataFields() {
  return {
    data_source: foreignKey('core.datasource', { nullable: true, onDelete: 'PROTECT', helpText: 'Remote data source' }),
    data_path: text({ max: 1000, blank: true, readOnly: true, helpText: 'Path to remote file (relative to data source root)' }),
    data_file: foreignKey('core.datafile', { nullable: true, onDelete: 'SET NULL' }),
    data_synced: datetime({ nullable: true, readOnly: true }),
  };
}

/** The filters NetBox's filter sets declare for synced objects, besides `data_synced` among their fields. */
export const SYNCED_DATA_FILTERS = ['data_source_id', 'data_file_id'];

/** A data file's contents as text (NetBox's `data_as_string`); a file that is not UTF-8 is refused under `data_file`. */
export function fileText(data: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw new FieldError({ data_file: ['The file is not UTF-8 text.'] });
  }
}

/** Copies a file's contents into the object (its template code, its data); throws FieldError when they do not fit. */
export type SyncData = (row: Row, data: Buffer) => void;

/**
 * NetBox's clean() of a synced object: with a data file, the source and path are the file's and the content
 * is read from it again on every save; without one, nothing is synced.
 */
export async function syncFromFile(row: Row, ctx: WriteContext | undefined, sync: SyncData, now: Date = new Date()): Promise<void> {
  if (row.data_file_id === null || row.data_file_id === undefined) {
    row.data_path = '';
    row.data_synced = null;
    return;
  }
  if (!ctx?.em || !ctx.driver) return;
  const [file] = await new ModelQuery(ctx.em, DataFile, ctx.driver).whereIdIn([row.data_file_id]).select({ source_id: 't.source_id', path: 't.path', data: 't.data' });
  if (!file) throw new FieldError({ data_file: ['Related object not found using the provided numeric ID: ' + row.data_file_id] });
  row.data_source_id = Number(file.source_id);
  row.data_path = file.path;
  sync(row, Buffer.from(file.data));
  row.data_synced = now;
}

/** A template's code from its file, which must be text. */
export const syncTemplateCode: SyncData = (row, data) => {
  row.template_code = fileText(data);
};
