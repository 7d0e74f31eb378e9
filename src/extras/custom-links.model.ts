import { FieldError, boolean, choice, contentTypes, integer, text } from '../core/model/fields';
import { defineModel } from '../core/model/model';
import { templateError } from '../core/templates/jinja';
import { contentTypeFilter, contentTypeIdsFilter } from './content-type-filter';

const BUTTON_CLASSES = [
  ['outline-dark', 'Default'],
  ['blue', 'Blue'],
  ['indigo', 'Indigo'],
  ['purple', 'Purple'],
  ['pink', 'Pink'],
  ['red', 'Red'],
  ['orange', 'Orange'],
  ['yellow', 'Yellow'],
  ['green', 'Green'],
  ['teal', 'Teal'],
  ['cyan', 'Cyan'],
  ['gray', 'Gray'],
  ['black', 'Black'],
  ['white', 'White'],
  ['ghost-dark', 'Link'],
].map(([value, label]) => ({ value, label }));

/** A link to an external page shown on objects of some types; its text and URL are Jinja2 templates over the object. */
export const CustomLink = defineModel({
  app: 'extras',
  name: 'customlink',
  plural: 'custom-links',
  // 4.5's OwnerMixin, which its serializer shows.
  owner: true,
  verboseName: 'custom link',
  ordering: ['group_name', 'weight', 'name'],
  fields: {
    content_types: contentTypes(),
    name: text({ max: 100, unique: true }),
    enabled: boolean({ default: true }),
    link_text: text({ long: true, helpText: 'Jinja2 template code for link text' }),
    link_url: text({ long: true, verboseName: 'Link URL', helpText: 'Jinja2 template code for link URL' }),
    weight: integer({ min: 0, max: 32767, default: 100 }),
    group_name: text({ max: 50, blank: true, helpText: 'Links with the same group will appear as a dropdown menu' }),
    button_class: choice(BUTTON_CLASSES, { default: 'outline-dark', flat: true, helpText: 'The class of the first link in a group will be used for the dropdown button' }),
    new_window: boolean({ default: false, helpText: 'Force link to open in a new window' }),
  },
  brief: ['id', 'url', 'display', 'name'],
  search: ['name', 'link_text', 'link_url', 'group_name'],
  features: { tags: false, customFields: false },
  filterset: { fields: ['id', 'name', 'enabled', 'link_text', 'link_url', 'weight', 'group_name', 'new_window'], base: 'none' },
  filters: { content_types: contentTypeFilter('content_types', { list: true }), content_type_id: contentTypeIdsFilter('content_types') },
  validate(row) {
    const errors: Record<string, string[]> = {};
    for (const field of ['link_text', 'link_url']) {
      const error = templateError(row[field]);
      if (error) errors[field] = [error];
    }
    if (Object.keys(errors).length) throw new FieldError(errors);
  },
});
