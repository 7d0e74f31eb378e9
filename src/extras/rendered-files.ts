import { boolean, text } from '../core/model/fields';

/** NetBox 4.3's RenderTemplateMixin: how a rendered template downloads (3.5's export templates had all but the file name). */
export function renderedFileFields() {
  return {
    mime_type: text({ max: 50, blank: true }),
    file_name: text({ max: 200, blank: true, helpText: 'Filename to give to the rendered export file' }),
    file_extension: text({ max: 15, blank: true }),
    as_attachment: boolean({ default: true }),
  };
}
