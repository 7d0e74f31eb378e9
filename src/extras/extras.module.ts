import { apiApp } from '../core/crud/api-app';
import { ChangelogRetention } from './changelog-retention';
import { Bookmark } from './bookmarks.model';
import { ConfigContext, ConfigContextProfile } from './config-context.model';
import { CustomFieldChoiceSet } from './custom-field-choice-sets.model';
import { ChoiceSetChoicesController } from './custom-field-choice-sets.controller';
import { ConfigTemplateRenderController } from './config-templates.controller';
import { ConfigTemplate } from './config-templates.model';
import { ContentTypeSync } from './content-types';
import { CustomField } from './custom-fields.model';
import { CustomLink } from './custom-links.model';
import { DashboardController } from './dashboard';
import { ExportTemplateRenderer } from './export-templates';
import { ImageAttachment } from './image-attachments/image-attachment.model';
import { ImageAttachmentsController } from './image-attachments/image-attachments.controller';
import { ImageAttachmentWrites } from './image-attachments/image-attachments.service';
import { MediaController } from './image-attachments/media.controller';
import { MediaStore } from './image-attachments/media-store';
import { JournalEntry } from './journal.model';
import { ExportTemplate, SavedFilter } from './saved-filters.model';
import { ContentType, ObjectChange, Tag, TaggedItem } from './models';
import { TableConfig } from './table-configs.model';
import { ScriptCatalogue } from './scripts/catalogue';
import { ReportsController, ScriptsController } from './scripts/scripts.controller';
import { ScriptRuns } from './scripts/scripts.service';
import { ScriptUploadsController } from './scripts/script-uploads.controller';
import { ScriptUploads } from './scripts/script-uploads.service';
import { syncRouteController } from './synced-data.controller';
import { JobRuns } from '../core-app/job-runs';
import { Webhook } from './webhooks/webhook.model';
import { EventRule } from './events/event-rule.model';
import { EventRules } from './events/event-rules.service';
import { Notification, NotificationGroup, Subscription } from './events/notifications.model';
import { Notifications } from './events/notifications.service';

export const ExtrasModule = apiApp(
  'extras',
  [
    Bookmark, ConfigContext, ConfigContextProfile, ConfigTemplate, ContentType, CustomField, CustomFieldChoiceSet, CustomLink, EventRule, ExportTemplate, ImageAttachment,
    JournalEntry, Notification, NotificationGroup, ObjectChange, SavedFilter, Subscription, TableConfig, Tag, TaggedItem, Webhook,
  ],
  {
    controllers: [
      ConfigTemplateRenderController,
      DashboardController,
      ImageAttachmentsController,
      MediaController,
      // Before the scripts' routes, whose `<id>` would take `upload`.
      ScriptUploadsController,
      ScriptsController,
      ReportsController,
      ChoiceSetChoicesController,
      ...[ConfigContext, ConfigContextProfile, ConfigTemplate, ExportTemplate].map(syncRouteController),
    ],
    providers: [ChangelogRetention, ContentTypeSync, ExportTemplateRenderer, ImageAttachmentWrites, MediaStore, EventRules, Notifications, JobRuns, ScriptCatalogue, ScriptRuns, ScriptUploads],
    // Jobs of other apps (a data source's sync) run as scripts' do.
    exports: [JobRuns],
  },
);
