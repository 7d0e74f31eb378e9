import { defineDialect } from '../core/dialect/dialect';

/** NetBox 3.5.9's API: the names the models are stored under, so a view with nothing to rename. */
export const NetBox35 = defineDialect({ version: '3.5', release: '3.5.9', base: '/v3' });
