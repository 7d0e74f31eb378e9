import { apiApp } from '../core/crud/api-app';
import { ExtrasModule } from '../extras/extras.module';
import { DataSourceSyncController } from './data-sources.controller';
import { DataFile, DataSource } from './data-sources.model';
import { DataSourceSyncs } from './data-sources.service';
import { Job } from './job.model';

/** NetBox's `core` app (`/api/core/`): data sources and their files, background jobs. Not to be confused with `src/core`, the generic layer. */
export const CoreAppModule = apiApp('core', [DataFile, DataSource, Job], {
  imports: [ExtrasModule],
  controllers: [DataSourceSyncController],
  providers: [DataSourceSyncs],
});
