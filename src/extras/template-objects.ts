/**
 * An object's representation as a template sees it, close to a Django model's attributes: choices
 * (`{value, label}`) read as their values at every depth, so that `{{ device.status }}` is `active`.
 */
export function asTemplateObject(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asTemplateObject);
  if (typeof value !== 'object' || value === null) return value;
  const keys = Object.keys(value);
  if (keys.length === 2 && keys.includes('value') && keys.includes('label')) return (value as { value: unknown }).value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asTemplateObject(v)]));
}
