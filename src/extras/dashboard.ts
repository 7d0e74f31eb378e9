import { All, Body, Controller, Delete, Get, HttpCode, Patch, Put, Req } from '@nestjs/common';
import type { Request } from 'express';
import { AuthenticatedRequest } from '../core/auth/auth.guard';
import { Database } from '../core/db/database';
import { ApiError, PermissionDeniedError } from '../core/http/errors';
import { Allow } from '../core/http/allow';
import { foreignKey, json } from '../core/model/fields';
import { Row, defineModel } from '../core/model/model';
import { documentRoute } from '../core/openapi/openapi';
import { ModelQuery } from '../core/query/model-query';
import { Writer } from '../core/write/writer';

/** A user's dashboard: the layout of its widgets and their settings, as NetBox keeps them. */
export const Dashboard = defineModel({
  app: 'extras',
  name: 'dashboard',
  plural: 'dashboards',
  internal: true,
  display: (d) => `dashboard of user ${d.user_id}`,
  ordering: ['id'],
  fields: {
    user: foreignKey('users.user', { onDelete: 'CASCADE', unique: true }),
    layout: json({ default: () => [] }),
    config: json({ default: () => ({}) }),
  },
  brief: ['id'],
  features: { tags: false, customFields: false, created: false, lastUpdated: false, changeLog: false },
});

const METHODS = 'GET, PUT, PATCH, DELETE, HEAD, OPTIONS';
const shape = (row: Row | null) => ({ layout: row?.layout ?? [], config: row?.config ?? {} });

documentRoute('/api/extras/dashboard/', {
  get: { operationId: 'extras_dashboard_retrieve', description: "The requesting user's dashboard.", tags: ['extras'], responses: { 200: { description: '' } } },
  put: { operationId: 'extras_dashboard_update', description: "Replace the requesting user's dashboard.", tags: ['extras'], responses: { 200: { description: '' } } },
  patch: { operationId: 'extras_dashboard_partial_update', description: "Change the requesting user's dashboard.", tags: ['extras'], responses: { 200: { description: '' } } },
  delete: { operationId: 'extras_dashboard_destroy', description: "Delete the requesting user's dashboard.", tags: ['extras'], responses: { 204: { description: '' } } },
});

/** `/api/extras/dashboard/`: the requesting user's dashboard (`layout`, `config`), read, replaced, changed or deleted. */
@Controller('api/extras/dashboard')
export class DashboardController {
  constructor(private readonly db: Database) {}

  @Get()
  @Allow(METHODS)
  async read(@Req() req: Request) {
    return shape(await this.find(this.db, userOf(req)));
  }

  @Put()
  @Allow(METHODS)
  replace(@Req() req: Request, @Body() body: unknown) {
    return this.write(userOf(req), body, false);
  }

  @Patch()
  @Allow(METHODS)
  update(@Req() req: Request, @Body() body: unknown) {
    return this.write(userOf(req), body, true);
  }

  @Delete()
  @HttpCode(204)
  @Allow(METHODS)
  async remove(@Req() req: Request): Promise<void> {
    const user = userOf(req);
    await this.db.transaction(async (em) => {
      const row = await this.find({ manager: em, driver: this.db.driver }, user);
      if (row) await new Writer(em, this.db.driver).remove(Dashboard, row.id);
    });
  }

  @All()
  @Allow(METHODS)
  notAllowed(@Req() req: Request): never {
    throw new ApiError(405, { detail: `Method "${req.method}" not allowed.` });
  }

  private async write(user: Row, body: unknown, partial: boolean) {
    if (body === undefined) body = {};
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiError(400, { non_field_errors: ['Invalid data. Expected a dictionary, but got list.'] });
    const given = Object.fromEntries(['layout', 'config'].filter((k) => k in (body as Row)).map((k) => [k, (body as Row)[k]]));
    return this.db.transaction(async (em) => {
      const writer = new Writer(em, this.db.driver);
      const row = await this.find({ manager: em, driver: this.db.driver }, user);
      const changes = partial ? given : { layout: [], config: {}, ...given };
      const id = row ? (await writer.update(Dashboard, row.id, changes, true), row.id) : await writer.create(Dashboard, { ...changes, user: user.id });
      const [saved] = await new ModelQuery(em, Dashboard, this.db.driver).whereIdIn([id]).rows();
      return shape(saved);
    });
  }

  private async find(db: Pick<Database, 'manager' | 'driver'>, user: Row): Promise<Row | null> {
    const [row] = await new ModelQuery(db.manager, Dashboard, db.driver).where('t.user_id = :user', { user: user.id }).rows();
    return row ?? null;
  }
}

/** Only a signed-in user has a dashboard. */
function userOf(req: Request): Row {
  const user = (req as AuthenticatedRequest).principal?.user;
  if (!user) throw new PermissionDeniedError('Authentication credentials were not provided.');
  return user;
}
