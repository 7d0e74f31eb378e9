import { Injectable, OnModuleInit } from '@nestjs/common';
import { CrudService, RequestContext } from '../core/crud/crud.service';
import { ListExports } from '../core/crud/list-exports';
import { Database } from '../core/db/database';
import { ApiError } from '../core/http/errors';
import { ModelDef } from '../core/model/model';
import { ModelQuery } from '../core/query/model-query';
import { TemplateError, renderTemplate } from '../core/templates/jinja';
import { templateOptions } from './config-templates.model';
import { ExportTemplate } from './saved-filters.model';
import { asTemplateObject } from './template-objects';

/**
 * `GET <list>?export=<name>`: the export template of that name for the list's object type, rendered over every
 * object the request's filters select, as NetBox's export does. Each object is its full representation with
 * choices read as their values, as a Django template sees a model's fields (`{{ d.status }}` is `active`).
 */
@Injectable()
export class ExportTemplateRenderer implements OnModuleInit {
  constructor(
    private readonly exports: ListExports,
    private readonly crud: CrudService,
    private readonly db: Database,
  ) {}

  onModuleInit(): void {
    this.exports.register((model, name, ctx) => this.render(model, name, ctx));
  }

  private async render(model: ModelDef, name: string, ctx: RequestContext) {
    const query = new ModelQuery(this.db.manager, ExportTemplate, this.db.driver).where(`t.name = :name`, { name });
    const template = (await query.rows({ order: ['id'] })).find((t) => (t.content_types as string[]).includes(model.label));
    if (!template) return null;
    const queryset = (await this.crud.everyListed(model, ctx)).map(asTemplateObject);
    let text: string;
    try {
      text = renderTemplate(template.template_code, { queryset }, templateOptions(template)).replace(/\r\n/g, '\n');
    } catch (e) {
      if (!(e instanceof TemplateError)) throw e;
      throw new ApiError(400, { detail: `An error occurred while rendering the template: ${e.message}` });
    }
    const basename = model.verboseNamePlural.replace(/ /g, '_');
    const extension = template.file_extension ? `.${template.file_extension}` : '';
    return {
      text,
      contentType: template.mime_type || 'text/plain; charset=utf-8',
      filename: template.as_attachment ? `${template.file_name || `netbox_${basename}`}${extension}` : undefined,
    };
  }
}
