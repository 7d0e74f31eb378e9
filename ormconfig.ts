import 'reflect-metadata';
import { loadConfig } from './src/core/config/config';
import { standaloneDataSource } from './src/core/db/standalone';
import './src/models';

/** The data source for the TypeORM CLI: the same entities and migrations the service uses. */
export default standaloneDataSource(loadConfig());
