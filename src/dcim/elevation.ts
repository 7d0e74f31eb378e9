import { Row } from '../core/model/model';

/** A rack's unit numbers, top to bottom as drawn: half units included, the top half-unit first. */
export function rackUnits(rack: Row): number[] {
  const units: number[] = [];
  if (rack.desc_units) for (let u = 1; u < rack.u_height + 1; u += 0.5) units.push(u);
  else for (let u = rack.u_height + 0.5; u > 0.5; u -= 0.5) units.push(u);
  return units;
}

/** A placed device as the elevation needs it: where, how tall, and what to call it. */
export interface PlacedDevice {
  row: Row;
  height: number;
  /** Shown in full to this user; otherwise only its space is marked. */
  visible: boolean;
  label: string;
  description: string;
  color: string | null;
}

export interface RackUnit {
  id: number;
  name: string;
  device: PlacedDevice | null;
  occupied: boolean;
  height?: number;
}

/**
 * NetBox's rack units for one face: devices mounted on it, and full-depth devices on either
 * face. Expanded, each unit a device covers names it; otherwise only its lowest unit does, with
 * the device's height, and the units above it are left out.
 */
export function unitsOf(rack: Row, devices: PlacedDevice[], expand: boolean): RackUnit[] {
  const byId = new Map<number, RackUnit>();
  for (const u of rackUnits(rack)) byId.set(u, { id: u, name: `U${u}`, device: null, occupied: false });
  for (const device of devices) {
    const position = device.row.position as number;
    const covered: number[] = [];
    for (let u = position; u < position + device.height; u += 0.5) covered.push(u);
    if (expand) {
      for (const u of covered) {
        const unit = byId.get(u);
        if (!unit) continue;
        if (device.visible) unit.device = device;
        unit.occupied = true;
      }
      continue;
    }
    const base = byId.get(position);
    if (!base) continue;
    if (device.visible) base.device = device;
    base.occupied = true;
    base.height = device.height;
    for (const u of covered.slice(1)) byId.delete(u);
  }
  return [...byId.values()];
}

const BORDER = 2;

export interface SvgOptions {
  face: 'front' | 'rear';
  unitWidth: number;
  unitHeight: number;
  legendWidth: number;
  marginWidth: number;
  baseUrl: string;
}

function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** Black or white, whichever reads better on this background (`rrggbb`). */
function foreground(color: string): string {
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(color.slice(i, i + 2), 16));
  return r * 0.299 + g * 0.587 + b * 0.114 > 186 ? '#000000' : '#ffffff';
}

/** Runs of consecutive units: [[1, 3], [7, 7]]. */
function ranges(units: number[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const u of [...units].sort((a, b) => a - b)) {
    const last = out[out.length - 1];
    if (last && u === last[1] + 1) last[1] = u;
    else out.push([u, u]);
  }
  return out;
}

const STYLE = [
  'svg { font-family: sans-serif; font-size: 11px; }',
  '.rack { fill: none; stroke-width: 2px; stroke: #000000; }',
  '.slot { fill: #f7f7f7; stroke: #a0a0a0; }',
  '.slot.blocked, .blocked { fill: url(#blocked); }',
  '.add-device { fill: none; }',
  '.unit { fill: #a0a0a0; text-anchor: middle; dominant-baseline: middle; }',
  '.label { text-anchor: middle; dominant-baseline: middle; }',
  '.reservation { fill: url(#reserved); }',
].join('\n');

function gradient(id: string, color: string): string {
  return (
    `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="25" spreadMethod="repeat" gradientTransform="rotate(45, 0, 0)" gradientUnits="userSpaceOnUse">` +
    `<stop offset="0%" stop-color="#f7f7f7"/><stop offset="50%" stop-color="#f7f7f7"/>` +
    `<stop offset="50%" stop-color="${color}"/><stop offset="100%" stop-color="${color}"/></linearGradient>`
  );
}

/**
 * The rack drawn as NetBox draws it: unit numbers on the left, empty slots, the devices of the
 * face (in their role's colour; seen from behind, or hidden from this user, hatched), the
 * reservations in the right margin, and the frame.
 */
export function elevationSvg(rack: Row, units: RackUnit[], reservations: Row[], opts: SvgOptions): string {
  const { unitWidth, unitHeight, legendWidth, marginWidth } = opts;
  const width = unitWidth + legendWidth + marginWidth + BORDER * 2;
  const height = unitHeight * rack.u_height + BORDER * 2;
  const topOf = (position: number, size: number) =>
    BORDER + (rack.desc_units ? Math.trunc((position - 1) * unitHeight) : Math.trunc((rack.u_height - position + 1) * unitHeight) - Math.trunc(size * unitHeight));
  const parts: string[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" width="${width}" height="${height}">`,
    `<defs><style type="text/css">${STYLE}</style>${gradient('reserved', '#b0b0ff')}${gradient('occupied', '#d7d7d7')}${gradient('blocked', '#ffc0c0')}</defs>`,
  );
  for (let ru = 0; ru < rack.u_height; ru++) {
    const unit = rack.desc_units ? ru + 1 : rack.u_height - ru;
    const y = ru * unitHeight + BORDER;
    parts.push(`<text class="unit" x="${legendWidth / 2}" y="${y + unitHeight / 2 + BORDER}">${unit}</text>`);
  }
  for (let ru = 0; ru < rack.u_height; ru++) {
    const y = BORDER + ru * unitHeight;
    parts.push(`<rect class="slot" x="${BORDER + legendWidth}" y="${y}" width="${unitWidth}" height="${unitHeight}"/>`);
  }
  for (const reservation of reservations) {
    for (const [first, last] of ranges(reservation.units as number[])) {
      const size = last + 1 - first;
      const x = legendWidth + BORDER + unitWidth + BORDER * 2;
      const href = `${opts.baseUrl}/api/dcim/rack-reservations/${reservation.id}/`;
      parts.push(
        `<a href="${escapeXml(href)}" target="_parent"><title>${escapeXml(`Reservation #${reservation.id}: ${reservation.description}`)}</title>` +
          `<rect class="reservation" x="${x}" y="${topOf(first, size)}" width="${marginWidth - 3}" height="${size * unitHeight}" stroke="#4d4dff" stroke-width="2"/></a>`,
      );
    }
  }
  for (const unit of units) {
    if (!unit.occupied) continue;
    const size = unit.height ?? 1;
    const x = legendWidth + BORDER;
    const y = topOf(unit.id, size);
    const w = unitWidth;
    const h = Math.trunc(unitHeight * size);
    const device = unit.device;
    if (!device) {
      parts.push(`<rect class="blocked" x="${x}" y="${y}" width="${w}" height="${h}"/>`);
      continue;
    }
    const front = device.row.face === opts.face;
    const fill = front && device.color ? device.color : null;
    const rect = fill ? `<rect class="slot" style="fill: #${fill}" x="${x}" y="${y}" width="${w}" height="${h}"/>` : `<rect class="slot blocked" x="${x}" y="${y}" width="${w}" height="${h}"/>`;
    const href = `${opts.baseUrl}/api/dcim/devices/${device.row.id}/`;
    parts.push(
      `<a href="${escapeXml(href)}" target="_parent"><title>${escapeXml(device.description)}</title>${rect}` +
        `<text class="label" x="${x + w / 2}" y="${y + h / 2}" fill="${fill ? foreground(fill) : '#000000'}">${escapeXml(device.label)}</text></a>`,
    );
  }
  parts.push(`<rect class="rack" x="${legendWidth + BORDER / 2}" y="${BORDER / 2}" width="${unitWidth + BORDER}" height="${rack.u_height * unitHeight + BORDER}"/>`);
  parts.push('</svg>');
  return parts.join('');
}
