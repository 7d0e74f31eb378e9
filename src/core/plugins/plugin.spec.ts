import { defineModel } from '../model/model';
import { foreignKey, text } from '../model/fields';
import { definePlugin } from './plugin';

describe('definePlugin', () => {
  it('refuses names and base URLs that would clash with the service', () => {
    expect(() => definePlugin({ name: 'ipam', version: '1.0.0' })).toThrow('plugin name "ipam" is taken by the service');
    expect(() => definePlugin({ name: 'Bad-Name', version: '1.0.0' })).toThrow('plugin name "Bad-Name" must be lower-case letters, digits and underscores');
    expect(() => definePlugin({ name: 'lister', version: '1.0.0', baseUrl: 'installed-plugins' })).toThrow('base_url "installed-plugins" is not a usable URL segment');
    expect(() => definePlugin({ name: 'slashed', version: '1.0.0', baseUrl: 'a/b' })).toThrow('base_url "a/b" is not a usable URL segment');
  });

  it('serves its models below /api/plugins/<base_url>/ and keeps them to its own app', () => {
    const Widget = defineModel({ app: 'widgets_plugin', name: 'widget', plural: 'widgets', fields: { name: text({ max: 50 }) }, brief: ['id', 'name'] });
    const plugin = definePlugin({ name: 'widgets_plugin', version: '1.0.0', baseUrl: 'widgets', models: [Widget] });
    expect(Widget.path).toBe('/api/plugins/widgets/widgets/');
    expect(Widget.table).toBe('widgets_plugin_widget');
    expect(plugin.apiRoot).toBe('/api/plugins/widgets/');
    expect(() => definePlugin({ name: 'thief', version: '1.0.0', models: [Widget] })).toThrow('plugin thief declares models of other apps: widgets_plugin.widget');
  });

  it('fills its settings from defaults and requires the ones it cannot do without', () => {
    const plugin = definePlugin({ name: 'configured', version: '1.0.0', requiredSettings: ['server'], defaultSettings: { port: 53 } });
    expect(plugin.settings({ pluginsConfig: { configured: { server: 'ns1' } } })).toEqual({ port: 53, server: 'ns1' });
    expect(() => plugin.settings({ pluginsConfig: {} })).toThrow('plugin configured requires the setting server in PLUGINS_CONFIG');
  });

  it('finds models defined but not declared, and relations to models that do not exist', () => {
    const Kept = defineModel({ app: 'partial_plugin', name: 'kept', plural: 'kept', fields: { name: text({ max: 50 }) }, brief: ['id'] });
    defineModel({ app: 'partial_plugin', name: 'forgotten', plural: 'forgotten', fields: { name: text({ max: 50 }) }, brief: ['id'] });
    expect(() => definePlugin({ name: 'partial_plugin', version: '1.0.0', models: [Kept] }).check()).toThrow('plugin partial_plugin defines models it does not declare: partial_plugin.forgotten');
    const Typo = defineModel({ app: 'typo_plugin', name: 'thing', plural: 'things', fields: { address: foreignKey('ipam.ipadress', { nullable: true }) }, brief: ['id'] });
    expect(() => definePlugin({ name: 'typo_plugin', version: '1.0.0', models: [Typo] }).check()).toThrow('typo_plugin.thing.address: Unknown model "ipam.ipadress"');
  });
});
