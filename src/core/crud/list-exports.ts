import { Injectable, StreamableFile } from '@nestjs/common';
import { NotFoundError } from '../http/errors';
import { ModelDef } from '../model/model';
import type { RequestContext } from './crud.service';

/** A list rendered otherwise than as JSON: its text, type and, for a download, its file name. */
export interface ExportedList {
  text: string;
  contentType: string;
  filename?: string;
}

/** Renders a model's filtered list for `?export=<name>`; null when it knows no export of that name. */
export type ListExporter = (model: ModelDef, name: string, ctx: RequestContext) => Promise<ExportedList | null>;

/** `GET <list>?export=<name>`: the exporters an app contributes (export templates). */
@Injectable()
export class ListExports {
  private readonly exporters: ListExporter[] = [];

  register(exporter: ListExporter): void {
    this.exporters.push(exporter);
  }

  async render(model: ModelDef, name: string, ctx: RequestContext): Promise<StreamableFile> {
    for (const exporter of this.exporters) {
      const exported = await exporter(model, name, ctx);
      if (!exported) continue;
      return new StreamableFile(Buffer.from(exported.text, 'utf8'), {
        type: exported.contentType,
        disposition: exported.filename ? `attachment; filename="${exported.filename}"` : undefined,
      });
    }
    throw new NotFoundError();
  }
}
