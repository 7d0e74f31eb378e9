import * as path from 'path';
import * as semver from 'semver';
import { ConfigError } from '../config/config';
import { Plugin } from './plugin';

/** A plugin that cannot be installed: the start stops with this message. */
export class PluginError extends ConfigError {}

/** The service's root as it runs: the repository from sources, `dist/` once built. */
const CODE_ROOT = path.resolve(__dirname, '..', '..', '..');

/**
 * Where an entry of `PLUGINS` is: a path (relative to the service, then to the working directory),
 * a folder of the service's `plugins/`, or a package that Node resolves.
 */
export function resolvePlugin(entry: string): string {
  const isPath = entry.startsWith('.') || entry.includes('/') || path.isAbsolute(entry);
  const candidates = isPath
    ? [path.resolve(CODE_ROOT, entry), path.resolve(process.cwd(), entry)]
    : [path.join(CODE_ROOT, 'plugins', entry)];
  for (const candidate of candidates) {
    try {
      return require.resolve(candidate);
    } catch {
      // try the next place
    }
  }
  if (isPath) throw new Error(`there is no module at ${candidates.join(' or ')}`);
  try {
    return require.resolve(entry, { paths: [process.cwd(), CODE_ROOT] });
  } catch {
    throw new Error(`there is no plugins/${entry} folder and no package named ${entry}`);
  }
}

/**
 * The plugin an entry module exports: its default export, or `plugin`; either may be a function
 * given the plugin API (for packages built apart from the service, which cannot import it).
 */
function pluginOf(exported: Record<string, unknown>): Plugin {
  let value: unknown = exported.default ?? exported.plugin ?? exported;
  if (typeof value === 'function' && !(value instanceof Plugin)) {
    value = (value as (api: unknown) => unknown)(require('../../plugin-api'));
  }
  if (!(value instanceof Plugin)) throw new Error('it exports no plugin: its entry must export definePlugin({...}) as default');
  return value;
}

function checkCompatible(plugin: Plugin, serviceVersion: string): void {
  const { minVersion, maxVersion } = plugin.spec;
  for (const [bound, value] of [['minVersion', minVersion], ['maxVersion', maxVersion]] as const) {
    if (value !== undefined && !semver.valid(semver.coerce(value))) throw new Error(`its ${bound} "${value}" is not a version`);
  }
  const current = semver.coerce(serviceVersion)!;
  if (minVersion && semver.lt(current, semver.coerce(minVersion)!)) {
    throw new Error(`it requires service version ${minVersion} or later; this is ${serviceVersion}`);
  }
  if (maxVersion && semver.gt(current, semver.coerce(maxVersion)!)) {
    throw new Error(`it supports service versions up to ${maxVersion}; this is ${serviceVersion}`);
  }
}

/** Loads and checks the plugins `PLUGINS` names, in order; the first that fails stops the start, by name. */
export function loadPlugins(entries: string[], serviceVersion: string, settings: Record<string, Record<string, unknown>> = {}): Plugin[] {
  const plugins: Plugin[] = [];
  for (const entry of entries) {
    let plugin: Plugin;
    try {
      const file = resolvePlugin(entry);
        plugin = pluginOf(require(file));
      plugin.entry = path.dirname(file);
      checkCompatible(plugin, serviceVersion);
      plugin.check();
      plugin.settings({ pluginsConfig: settings });
    } catch (e) {
      throw new PluginError(`plugin "${entry}" cannot be installed: ${(e as Error).message}`);
    }
    const clash = plugins.find((p) => p.name === plugin.name || p.baseUrl === plugin.baseUrl);
    if (clash) throw new PluginError(`plugin "${entry}" cannot be installed: ${clash.entry} already uses its name or base_url`);
    plugins.push(plugin);
  }
  const unknown = Object.keys(settings).filter((name) => !plugins.some((p) => p.name === name));
  if (unknown.length) throw new PluginError(`PLUGINS_CONFIG names plugins that are not installed: ${unknown.join(', ')}`);
  return plugins;
}
