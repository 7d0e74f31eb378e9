// Every built-in model, so that the registry is complete before entities are built.
export * from './tenancy/models';
export * from './users/models';
export * from './users/web/session.model';
export * from './extras/models';
export * from './extras/custom-fields.model';
export * from './extras/journal.model';
export * from './extras/saved-filters.model';
export * from './extras/config-context.model';
export * from './dcim/organisation.models';
export * from './dcim/racks.models';
export * from './dcim/types.models';
export * from './dcim/devices.models';
export * from './dcim/components.models';
export * from './dcim/templates.models';
export * from './dcim/cables.models';
export * from './dcim/power.models';
export * from './ipam/routing.models';
