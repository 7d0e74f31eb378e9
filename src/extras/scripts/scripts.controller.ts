import { All, Body, Controller, Get, HttpCode, Options, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { PublicRoute } from '../../core/auth/auth.guard';
import { RequestContext } from '../../core/crud/crud.service';
import { requestContext } from '../../core/crud/model.controller';
import { ApiError } from '../../core/http/errors';
import { Allow, READ_METHODS } from '../../core/http/allow';
import { documentRoute } from '../../core/openapi/openapi';
import { ReportModule, Script, ScriptModule } from './modules.model';
import { ScriptRuns } from './scripts.service';

const RUN_METHODS = 'GET, POST, HEAD, OPTIONS';
const ID = ':id([^/]+)';

function notAllowed(req: Request): never {
  throw new ApiError(405, { detail: `Method "${req.method}" not allowed.` });
}

const idParam = { name: 'id', in: 'path', required: true, description: '`<module>.<ClassName>`', schema: { type: 'string' } };
const operation = (operationId: string, description: string, extra: Record<string, unknown> = {}) => ({
  operationId,
  description,
  tags: ['extras'],
  responses: { '200': { description: '' } },
  ...extra,
});
documentRoute(ScriptModule.path, { get: operation('extras_scripts_list', 'The installed scripts, each with its latest ended job.') });
documentRoute(`${ScriptModule.path}{id}/`, {
  get: operation('extras_scripts_retrieve', 'A script identified as "<module>.<script>".', { parameters: [idParam] }),
  post: operation('extras_scripts_create', 'Run a script identified as "<module>.<script>" and return the pending job as its result.', { parameters: [idParam] }),
});
documentRoute(ReportModule.path, { get: operation('extras_reports_list', 'The installed reports, each with its latest ended job.') });
documentRoute(`${ReportModule.path}{id}/`, { get: operation('extras_reports_retrieve', 'A report identified as "<module>.<report>".', { parameters: [idParam] }) });
documentRoute(`${ReportModule.path}{id}/run/`, {
  post: operation('extras_reports_run_create', 'Run a report identified as "<module>.<report>" and return the pending job as its result.', { parameters: [idParam] }),
});

/** NetBox 4.0 made scripts objects with ids (`extras.script`); 3.5 lists its script classes by name. */
const speaksObjects = (ctx: RequestContext) => !!ctx.dialect && ctx.dialect.serves(Script);

/** OPTIONS as DRF answers it for a view set without a model: its name and formats. */
function options(name: string) {
  return { name, description: '', renders: ['application/json', 'text/html'], parses: ['application/json'] };
}

/**
 * `/api/extras/scripts/`: listed and read by anyone signed in (anyone when LOGIN_REQUIRED is off),
 * run by those who may `run` `extras.script`, as NetBox's ScriptViewSet.
 */
@Controller(ScriptModule.path.slice(1, -1))
export class ScriptsController {
  constructor(private readonly runs: ScriptRuns) {}

  @Get()
  @PublicRoute()
  @Allow(READ_METHODS)
  list(@Req() req: Request) {
    const ctx = requestContext(req);
    return speaksObjects(ctx) ? this.runs.listScriptObjects(ctx) : this.runs.listScripts(ctx);
  }

  @Options()
  @PublicRoute()
  @Allow(READ_METHODS)
  listOptions() {
    return options('Script List');
  }

  @All()
  @PublicRoute()
  @Allow(READ_METHODS)
  listNotAllowed(@Req() req: Request) {
    notAllowed(req);
  }

  @Get(ID)
  @PublicRoute()
  @Allow(RUN_METHODS)
  retrieve(@Req() req: Request, @Param('id') id: string) {
    const ctx = requestContext(req);
    return speaksObjects(ctx) ? this.runs.scriptObject(id, ctx) : this.runs.script(id, ctx);
  }

  @Post(ID)
  @HttpCode(200)
  @Allow(RUN_METHODS)
  run(@Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    const ctx = requestContext(req);
    return speaksObjects(ctx) ? this.runs.requestScriptObject(id, body ?? {}, ctx) : this.runs.requestScript(id, body ?? {}, ctx);
  }

  @Options(ID)
  @PublicRoute()
  @Allow(RUN_METHODS)
  detailOptions() {
    return options('Script Instance');
  }

  @All(ID)
  @PublicRoute()
  @Allow(RUN_METHODS)
  detailNotAllowed(@Req() req: Request) {
    notAllowed(req);
  }
}

/** `/api/extras/reports/`, as NetBox's ReportViewSet: runs need `run` on `extras.report`. */
@Controller(ReportModule.path.slice(1, -1))
export class ReportsController {
  constructor(private readonly runs: ScriptRuns) {}

  @Get()
  @PublicRoute()
  @Allow(READ_METHODS)
  list(@Req() req: Request) {
    return this.runs.listReports(requestContext(req));
  }

  @Options()
  @PublicRoute()
  @Allow(READ_METHODS)
  listOptions() {
    return options('Report List');
  }

  @All()
  @PublicRoute()
  @Allow(READ_METHODS)
  listNotAllowed(@Req() req: Request) {
    notAllowed(req);
  }

  @Post(`${ID}/run`)
  @HttpCode(200)
  @Allow('POST, OPTIONS')
  run(@Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.runs.requestReport(id, body ?? {}, requestContext(req));
  }

  @Options(`${ID}/run`)
  @PublicRoute()
  @Allow('POST, OPTIONS')
  runOptions() {
    return options('Run');
  }

  @All(`${ID}/run`)
  @PublicRoute()
  @Allow('POST, OPTIONS')
  runNotAllowed(@Req() req: Request) {
    notAllowed(req);
  }

  @Get(ID)
  @PublicRoute()
  @Allow(READ_METHODS)
  retrieve(@Req() req: Request, @Param('id') id: string) {
    return this.runs.report(id, requestContext(req));
  }

  @Options(ID)
  @PublicRoute()
  @Allow(READ_METHODS)
  detailOptions() {
    return options('Report Instance');
  }

  @All(ID)
  @PublicRoute()
  @Allow(READ_METHODS)
  detailNotAllowed(@Req() req: Request) {
    notAllowed(req);
  }
}
