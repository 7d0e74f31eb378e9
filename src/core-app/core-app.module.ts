import { apiApp } from '../core/crud/api-app';
import { ExtrasModule } from '../extras/extras.module';
import { BackgroundQueuesController, BackgroundTasksController, BackgroundWorkersController } from './background-tasks.controller';
import { BackgroundTasks, QUEUES_PATH, TASKS_PATH, WORKERS_PATH } from './background-tasks.service';
import { DataSourceSyncController } from './data-sources.controller';
import { DataFile, DataSource } from './data-sources.model';
import { DataSourceSyncs } from './data-sources.service';
import { Job } from './job.model';

/**
 * NetBox's `core` app (`/api/core/`): data sources and their files, background jobs, and (4.2) the job queues,
 * their workers and tasks. Not to be confused with `src/core`, the generic layer.
 */
export const CoreAppModule = apiApp('core', [DataFile, DataSource, Job], {
  imports: [ExtrasModule],
  controllers: [DataSourceSyncController, BackgroundQueuesController, BackgroundWorkersController, BackgroundTasksController],
  providers: [DataSourceSyncs, BackgroundTasks],
  rootEntries: { 'background-queues': QUEUES_PATH, 'background-tasks': TASKS_PATH, 'background-workers': WORKERS_PATH },
});
