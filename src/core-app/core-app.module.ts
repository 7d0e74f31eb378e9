import { apiApp } from '../core/crud/api-app';
import { Job } from './job.model';

/** NetBox's `core` app (`/api/core/`): background jobs. Not to be confused with `src/core`, the generic layer. */
export const CoreAppModule = apiApp('core', [Job]);
