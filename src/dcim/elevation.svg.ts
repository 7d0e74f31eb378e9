import { Row } from '../core/model/model';
import { ELEVATION_DEFAULTS, RackUnit } from './elevation';

/** NetBox's RACK_ELEVATION_BORDER_WIDTH. */
const BORDER = 2;

const GRADIENTS = { reserved: '#b0b0ff', occupied: '#d7d7d7', blocked: '#ffc0c0' };
const RESERVATION_STROKE = '#4d4dff';

const STYLE = [
  'text { font-family: sans-serif; font-size: 13px; text-anchor: middle; dominant-baseline: middle; }',
  '.unit { fill: #6c757d; }',
  '.rack { fill: none; stroke-width: 2px; stroke: #000000; }',
  '.slot { fill: #e9ecef; stroke: #adb5bd; }',
  '.slot.blocked, .blocked { fill: url(#blocked); }',
  '.reservation { fill: url(#reserved); }',
].join(' ');

export interface SvgOptions {
  face: 'front' | 'rear';
  unitWidth: number;
  unitHeight: number;
  legendWidth: number;
  /** Scheme and host: links point at the API objects. */
  baseUrl: string;
}

/** Text and attribute values as XML needs them. */
export function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** An element with its attributes (escaped; undefined ones left out) and already-built children. */
function el(name: string, attrs: Record<string, string | number | undefined>, children: string[] = []): string {
  const attributes = Object.entries(attrs)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${escapeXml(String(v))}"`)
    .join('');
  return children.length ? `<${name}${attributes}>${children.join('')}</${name}>` : `<${name}${attributes}/>`;
}

const text = (content: string, attrs: Record<string, string | number | undefined>) => el('text', attrs, [escapeXml(content)]);

/** Black or white, whichever reads better on this background (`rrggbb`), as NetBox picks it. */
function foreground(color: string): string {
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(color.slice(i, i + 2), 16));
  return r * 0.299 + g * 0.587 + b * 0.114 > 186 ? '#000000' : '#ffffff';
}

/** Runs of consecutive unit numbers: [[1, 3], [7, 7]]. */
function ranges(units: number[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const u of [...units].sort((a, b) => a - b)) {
    const last = out[out.length - 1];
    if (last && u === last[1] + 1) last[1] = u;
    else out.push([u, u]);
  }
  return out;
}

/** Diagonal stripes of white and the colour, NetBox's hatching for reserved and blocked space. */
function gradient(id: string, color: string): string {
  const stop = (offset: string, c: string) => el('stop', { offset, 'stop-color': c });
  return el(
    'linearGradient',
    { id, x1: 0, y1: 0, x2: 0, y2: 25, spreadMethod: 'repeat', gradientTransform: 'rotate(45, 0, 0)', gradientUnits: 'userSpaceOnUse' },
    [stop('0%', '#f7f7f7'), stop('50%', '#f7f7f7'), stop('50%', color), stop('100%', color)],
  );
}

/**
 * The rack face drawn as NetBox draws it: unit numbers on the left, empty slots, reservations in
 * the right margin, the devices seen from this face (in their role's colour when mounted on it,
 * hatched when seen from behind), the space of devices hidden from this user hatched without a
 * name, and the frame last. Sizes of 0 fall back to the defaults, as in NetBox.
 */
export function elevationSvg(rack: Row, units: RackUnit[], reservations: Row[], opts: SvgOptions): string {
  const unitWidth = opts.unitWidth || ELEVATION_DEFAULTS.unitWidth;
  const unitHeight = opts.unitHeight || ELEVATION_DEFAULTS.unitHeight;
  const legendWidth = opts.legendWidth || ELEVATION_DEFAULTS.legendWidth;
  const marginWidth = ELEVATION_DEFAULTS.marginWidth;
  const uHeight = rack.u_height as number;
  const width = unitWidth + legendWidth + marginWidth + BORDER * 2;
  const height = unitHeight * uHeight + BORDER * 2;
  const left = legendWidth + BORDER;
  /** The top edge of something `size` units tall whose lowest unit is `position`. */
  const topOf = (position: number, size: number) =>
    BORDER + (rack.desc_units ? Math.trunc((position - 1) * unitHeight) : Math.trunc((uHeight - position + 1) * unitHeight) - Math.trunc(size * unitHeight));
  const link = (path: string, title: string, children: string[]) =>
    el('a', { 'xlink:href': `${opts.baseUrl}${path}`, target: '_parent' }, [el('title', {}, [escapeXml(title)]), ...children]);

  const parts: string[] = [];
  parts.push(
    el('defs', {}, [
      el('style', { type: 'text/css' }, [STYLE]),
      ...Object.entries(GRADIENTS).map(([id, color]) => gradient(id, color)),
    ]),
  );
  for (let ru = 0; ru < uHeight; ru++) {
    const unit = rack.desc_units ? ru + 1 : uHeight - ru;
    parts.push(text(String(unit), { class: 'unit', x: legendWidth / 2, y: ru * unitHeight + BORDER + unitHeight / 2 + BORDER }));
  }
  for (let ru = 0; ru < uHeight; ru++) {
    parts.push(el('rect', { class: 'slot', x: left, y: BORDER + ru * unitHeight, width: unitWidth, height: unitHeight }));
  }
  for (const reservation of reservations) {
    for (const [first, last] of ranges(reservation.units as number[])) {
      const size = last + 1 - first;
      const rect = el('rect', {
        class: 'reservation',
        x: left + unitWidth + BORDER * 2,
        y: topOf(first, size),
        width: marginWidth - 3,
        height: size * unitHeight,
        stroke: RESERVATION_STROKE,
        'stroke-width': 2,
      });
      parts.push(link(`/api/dcim/rack-reservations/${reservation.id}/`, `Reservation #${reservation.id}: ${reservation.description}`, [rect]));
    }
  }
  for (const unit of units) {
    if (!unit.occupied) continue;
    const size = unit.height ?? 1;
    const box = { x: left, y: topOf(unit.id, size), width: unitWidth, height: Math.trunc(unitHeight * size) };
    const device = unit.device;
    if (!device) {
      parts.push(el('rect', { class: 'blocked', ...box }));
      continue;
    }
    const fill = device.row.face === opts.face ? device.color : null;
    const rect = fill ? el('rect', { class: 'slot', style: `fill: #${fill}`, ...box }) : el('rect', { class: 'slot blocked', ...box });
    const label = text(device.label, { class: 'label', x: box.x + box.width / 2, y: box.y + box.height / 2, fill: fill ? foreground(fill) : '#000000' });
    parts.push(link(`/api/dcim/devices/${device.row.id}/`, device.description, [rect, label]));
  }
  parts.push(el('rect', { class: 'rack', x: legendWidth + BORDER / 2, y: BORDER / 2, width: unitWidth + BORDER, height: uHeight * unitHeight + BORDER }));
  return el(
    'svg',
    { xmlns: 'http://www.w3.org/2000/svg', 'xmlns:xlink': 'http://www.w3.org/1999/xlink', version: '1.1', baseProfile: 'full', width, height },
    parts,
  );
}
