import { DataSource } from 'typeorm';
import { AppConfig } from '../config/config';
import { registry } from '../model/model';
import { loadPlugins } from '../plugins/loader';
import { serviceVersion } from '../version';
import { dataSourceOptions } from './data-source';

/** The service's data source outside the service (the TypeORM CLI, `npm run migrate`): its entities and migrations, with the plugins `PLUGINS` names. */
export function standaloneDataSource(config: AppConfig): DataSource {
  const plugins = loadPlugins(config.plugins, serviceVersion(), config.pluginsConfig);
  return new DataSource(dataSourceOptions(config, registry.all(), plugins));
}
