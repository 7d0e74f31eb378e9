import type { Dialect } from '../core/dialect/dialect';
import { ModelDef, PresentContext, Row, registry } from '../core/model/model';
import netbox46 from '../dialects/netbox-4.6-object-types.json';

/** Apps whose verbose name is not their label titled (Django's default). */
export const APP_NAMES: Record<string, string> = { dcim: 'DCIM', ipam: 'IPAM', vpn: 'VPN' };

export function appName(app: string): string {
  return APP_NAMES[app] ?? app.charAt(0).toUpperCase() + app.slice(1);
}

/** NetBox 4.6's features of its models, by its object type; a model of ours it lacks (a plugin's) has those of its base. */
const KNOWN_FEATURES: Record<string, { features: string[]; public: boolean }> = {
  ...netbox46,
  // Taggit's model, which the list's generator does not take for one: private, with no features.
  'extras.taggeditem': { features: [], public: false },
};
const NETBOX_MODEL = ['bookmarks', 'change_logging', 'cloning', 'custom_fields', 'custom_links', 'custom_validation', 'event_rules', 'export_templates', 'journaling', 'notifications', 'tags'];
const CHANGE_LOGGED_MODEL = ['change_logging', 'custom_validation', 'event_rules'];

/** What NetBox 4.6 records of a model's object type (`label`, as 4.6 names it): its features, and whether it is public. */
export function objectTypeFacts(model: ModelDef, label: string): { features: string[]; public: boolean } {
  const known = KNOWN_FEATURES[label];
  if (known) return known;
  const { tags, customFields, changeLog } = model.features;
  return { features: tags && customFields ? NETBOX_MODEL : changeLog ? CHANGE_LOGGED_MODEL : [], public: !model.internal };
}

/**
 * An object type as the request's dialect shows it: 4.x names a moved model by its new app (`vpn.l2vpn`) and adds
 * what it knows of the model (4.4's verbose names, features, REST endpoint). Only keys the representation has are set.
 */
export function presentObjectType(rep: Record<string, unknown>, row: Row, ctx: PresentContext): void {
  const model = registry.get(`${row.app_label}.${row.model}`);
  const dialect: Dialect | undefined = ctx.dialect;
  if (!model || !dialect || dialect.isNative) return;
  const [app, name] = dialect.objectTypeOf(model).split('.');
  const set = (key: string, value: unknown) => {
    if (key in rep) rep[key] = value;
  };
  const { features, public: isPublic } = objectTypeFacts(model, `${app}.${name}`);
  const served = !model.internal && !model.objectTypeOnly && dialect.serves(model);
  const basePath = ctx.baseUrl ? new URL(ctx.baseUrl).pathname.replace(/\/$/, '') : '';
  set('display', `${appName(app)} | ${model.verboseName}`);
  set('app_label', app);
  set('model', name);
  set('app_name', appName(app));
  set('model_name', model.verboseName);
  set('model_name_plural', model.verboseNamePlural);
  set('public', isPublic);
  set('features', features);
  set('is_plugin_model', registry.appRoot(model.app).startsWith('/api/plugins/'));
  set('rest_api_endpoint', served ? `${basePath}${dialect.pathOf(model)}` : null);
}
