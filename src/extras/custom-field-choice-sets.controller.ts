import { Controller, Get, Inject, Param, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ModelRoute } from '../core/auth/auth.guard';
import { APP_CONFIG, AppConfig } from '../core/config/config';
import { CrudService } from '../core/crud/crud.service';
import { requestContext } from '../core/crud/model.controller';
import { pageLinks, pageOf } from '../core/crud/pagination';
import { Allow, READ_METHODS } from '../core/http/allow';
import { NotFoundError } from '../core/http/errors';
import { documentRoute, json } from '../core/openapi/openapi';
import { CustomFieldChoiceSet, choicesOf } from './custom-field-choice-sets.model';

documentRoute(`${CustomFieldChoiceSet.path}{id}/choices/`, {
  get: {
    operationId: 'extras_custom_field_choice_sets_choices_list',
    description: "The set's choices, paginated, as `{id: value, display: label}`; `q` keeps those whose value or label holds it.",
    tags: ['extras'],
    parameters: [
      { name: 'id', in: 'path', required: true, schema: { type: 'integer' } },
      { name: 'q', in: 'query', schema: { type: 'string' } },
      { name: 'limit', in: 'query', schema: { type: 'integer' } },
      { name: 'offset', in: 'query', schema: { type: 'integer' } },
    ],
    responses: {
      200: {
        description: '',
        ...json({
          type: 'object',
          properties: {
            count: { type: 'integer' },
            next: { type: 'string', nullable: true },
            previous: { type: 'string', nullable: true },
            results: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' }, display: { type: 'string' } } } },
          },
        }),
      },
    },
  },
});

/** `GET <choice set>/choices/`: a choice set's choices one page at a time, for choosing among thousands (NetBox's choices action). */
@Controller(CustomFieldChoiceSet.path.slice(1, -1))
@ModelRoute(CustomFieldChoiceSet)
export class ChoiceSetChoicesController {
  constructor(
    private readonly crud: CrudService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(':id/choices')
  @Allow(READ_METHODS)
  async choices(@Req() req: Request, @Param('id') id: string) {
    if (!/^\d{1,9}$/.test(id)) throw new NotFoundError();
    const ctx = requestContext(req);
    const { row } = await this.crud.visibleRow(CustomFieldChoiceSet, Number(id), ctx);
    const raw = req.query.q;
    const q = (Array.isArray(raw) ? raw[raw.length - 1] : raw)?.toString().toLowerCase();
    const choices = choicesOf(row).filter(([value, label]) => !q || value.toLowerCase().includes(q) || label.toLowerCase().includes(q));
    const page = pageOf(ctx.params, this.config, false);
    const slice = choices.slice(page.offset, page.limit === undefined ? undefined : page.offset + page.limit);
    return { count: choices.length, ...pageLinks(ctx.url, page, choices.length), results: slice.map(([value, label]) => ({ id: value, display: label })) };
  }
}
