import { apiApp } from '../core/crud/api-app';
import { ChangelogRetention } from './changelog-retention';
import { ConfigContext } from './config-context.model';
import { ContentTypeSync } from './content-types';
import { CustomField } from './custom-fields.model';
import { JournalEntry } from './journal.model';
import { ExportTemplate, SavedFilter } from './saved-filters.model';
import { ContentType, ObjectChange, Tag } from './models';
import { Webhook } from './webhooks/webhook.model';
import { WebhookEvents } from './webhooks/webhooks.service';

export const ExtrasModule = apiApp('extras', [ConfigContext, ContentType, CustomField, ExportTemplate, JournalEntry, ObjectChange, SavedFilter, Tag, Webhook], {
  providers: [ChangelogRetention, ContentTypeSync, WebhookEvents],
});
