import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { loadConfig } from './src/core/config/config';
import { dataSourceOptions } from './src/core/db/data-source';
import { registry } from './src/core/model/model';
import { loadPlugins } from './src/core/plugins/loader';
import { serviceVersion } from './src/core/version';
import './src/models';

/** The data source for the TypeORM CLI: the same entities and migrations the service uses, with the plugins `PLUGINS` names. */
const config = loadConfig();
const plugins = loadPlugins(config.plugins, serviceVersion(), config.pluginsConfig);
export default new DataSource(dataSourceOptions(config, registry.all(), plugins));
