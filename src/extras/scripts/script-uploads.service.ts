import { Injectable } from '@nestjs/common';
import { CrudService, RequestContext } from '../../core/crud/crud.service';
import { Database } from '../../core/db/database';
import { NotFoundError, ValidationError } from '../../core/http/errors';
import { FormFile, NOT_A_FILE, NO_FILE } from '../../core/http/multipart';
import { Row } from '../../core/model/model';
import { ModelQuery } from '../../core/query/model-query';
import { Representation } from '../../core/serialize/serializer';
import { ScriptCatalogue, ScriptLoadError, loadScriptModule } from './catalogue';
import { ScriptModule } from './modules.model';

/** What a request sent as `file`: the form's file, or whatever else it gave under that name. */
export interface SentFile {
  file?: FormFile;
  /** The body named `file` without it being a file (a form's text field, JSON). */
  notAFile: boolean;
}

/** A module's file: its name (a module name, which `<module>.<ClassName>` splits at its first dot) and `.js`. */
const FILE_NAME = /^([A-Za-z0-9_-]{1,100})\.js$/;
const BAD_FILE_NAME = 'The file name must be a module name (letters, digits, "_" and "-", at most 100) followed by ".js".';
const EMPTY_FILE = 'The submitted file is empty.';
const REQUIRED = 'This field is required.';

/**
 * NetBox 4.5.7's script module uploads (`extras/scripts/upload/`): a module is created from a CommonJS file and its
 * content replaced under the same file name; the file must load, its scripts then join the catalogue. Its source is
 * kept in the database, which every process loads uploaded modules from. All is checked before anything is written.
 */
@Injectable()
export class ScriptUploads {
  constructor(
    private readonly catalogue: ScriptCatalogue,
    private readonly crud: CrudService,
    private readonly db: Database,
  ) {}

  async create(sent: SentFile, ctx: RequestContext): Promise<Representation> {
    const file = fileOf(sent, NO_FILE);
    const name = FILE_NAME.exec(file.filename)?.[1];
    if (!name) throw new ValidationError({ file: [BAD_FILE_NAME] });
    const taken = await this.query().where('t.name = :name OR t.file_path = :path', { name, path: file.filename }).rows({ columns: ['id', 'file_path'] });
    if (taken.some((row) => row.file_path === file.filename)) throw new ValidationError({ non_field_errors: ['A script module with this file name already exists.'] });
    if (taken.length || this.catalogue.isPluginModule(name)) throw new ValidationError({ non_field_errors: [`The module name "${name}" is a plugin's script module.`] });
    const source = sourceOf(file);
    const created = (await this.crud.create(ScriptModule, { name, file_path: file.filename, source }, ctx)) as Representation;
    await this.catalogue.refresh();
    return created;
  }

  /** PUT or PATCH: the module's content replaced by a file of the same name (required either way, as NetBox asks). */
  async replace(lookup: string, sent: SentFile, partial: boolean, ctx: RequestContext): Promise<Representation> {
    const module = await this.uploaded(lookup, ctx);
    const file = fileOf(sent, partial ? REQUIRED : NO_FILE);
    if (file.filename !== module.file_path) throw new ValidationError({ file: [`The uploaded file name must match the existing file path (${module.file_path}).`] });
    const source = sourceOf(file);
    const replaced = await this.crud.update(ScriptModule, module.id as number, { source }, true, ctx);
    await this.catalogue.refresh();
    return replaced;
  }

  private query(): ModelQuery {
    return new ModelQuery(this.db.manager, ScriptModule, this.db.driver);
  }

  /** An uploaded module the user may change, by id or file name (NetBox's lookup: all digits is an id); else 404. */
  private async uploaded(lookup: string, ctx: RequestContext): Promise<Row> {
    const query = this.crud.queryWithin(ScriptModule, ctx.user, ctx.scope).where('t.file_path IS NOT NULL');
    if (/^\d+$/.test(lookup)) {
      if (lookup.length > 9) throw new NotFoundError();
      query.whereIdIn([Number(lookup)]);
    } else query.where('t.file_path = :lookup', { lookup });
    const [module] = await query.rows({ columns: ['id', 'file_path'] });
    if (!module) throw new NotFoundError();
    return module;
  }
}

/** DRF's FileField: a file, not empty. */
function fileOf(sent: SentFile, missing: string): FormFile {
  if (!sent.file) throw new ValidationError({ file: [sent.notAFile ? NOT_A_FILE : missing] });
  if (!sent.file.bytes.length) throw new ValidationError({ file: [EMPTY_FILE] });
  return sent.file;
}

/** The file's text, which must load as a module: NetBox's "Error loading script: …" otherwise. */
function sourceOf(file: FormFile): string {
  try {
    const source = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(file.bytes);
    loadScriptModule(file.filename, source);
    return source;
  } catch (e) {
    const message = e instanceof ScriptLoadError ? e.message : e instanceof TypeError ? 'the file is not UTF-8 text' : String(e);
    throw new ValidationError({ non_field_errors: [`Error loading script: ${message}`] });
  }
}
