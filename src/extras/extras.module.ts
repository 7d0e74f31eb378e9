import { apiApp } from '../core/crud/api-app';
import { ChangelogRetention } from './changelog-retention';
import { ConfigContext } from './config-context.model';
import { ConfigTemplateRenderController } from './config-templates.controller';
import { ConfigTemplate } from './config-templates.model';
import { ContentTypeSync } from './content-types';
import { CustomField } from './custom-fields.model';
import { CustomLink } from './custom-links.model';
import { DashboardController } from './dashboard';
import { ExportTemplateRenderer } from './export-templates';
import { JournalEntry } from './journal.model';
import { ExportTemplate, SavedFilter } from './saved-filters.model';
import { ContentType, ObjectChange, Tag } from './models';
import { ScriptCatalogue } from './scripts/catalogue';
import { ReportsController, ScriptsController } from './scripts/scripts.controller';
import { ScriptRuns } from './scripts/scripts.service';
import { Webhook } from './webhooks/webhook.model';
import { WebhookEvents } from './webhooks/webhooks.service';

export const ExtrasModule = apiApp('extras', [ConfigContext, ConfigTemplate, ContentType, CustomField, CustomLink, ExportTemplate, JournalEntry, ObjectChange, SavedFilter, Tag, Webhook], {
  controllers: [ConfigTemplateRenderController, DashboardController, ScriptsController, ReportsController],
  providers: [ChangelogRetention, ContentTypeSync, ExportTemplateRenderer, WebhookEvents, ScriptCatalogue, ScriptRuns],
});
