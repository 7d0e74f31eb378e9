import { EntityManager } from 'typeorm';
import { Driver } from '../core/model/fields';
import { Row, registry } from '../core/model/model';
import { ModelQuery, q } from '../core/query/model-query';

const LINK = 'wireless.wirelesslink';
const INTERFACE = 'dcim.interface';

/**
 * After a wireless link is written (`row`) or deleted (`row` null): its two interfaces point at it, those it
 * left point nowhere, and each end has the cable path NetBox traces across a link, `[[end], [link], [other end]]`,
 * complete and active while the link is connected.
 */
export async function attachInterfaces(em: EntityManager, driver: Driver, row: Row | null, previous: Row | null): Promise<void> {
  const interfaces = registry.get(INTERFACE)!;
  const paths = registry.get('dcim.cablepath')!;
  const id = (row ?? previous)!.id as number;
  const ends: number[] = row ? [...new Set<number>([row.interface_a_id, row.interface_b_id])] : [];

  const left = em.createQueryBuilder().update(interfaces.table).set({ wireless_link_id: null }).where('wireless_link_id = :id', { id });
  if (ends.length) left.andWhere('id NOT IN (:...ends)', { ends });
  await left.execute();
  if (ends.length) await em.createQueryBuilder().update(interfaces.table).set({ wireless_link_id: id }).where('id IN (:...ends)', { ends }).execute();

  // The paths across the link as it was, and any the ends had, give way to those across it as it is.
  const node = `${LINK}:${id}`;
  const stale = new ModelQuery(em, paths, driver).where(`t.nodes LIKE :across`, { across: `%|${node}|%` });
  const old = (await stale.select({ id: 't.id' })).map((p) => Number(p.id));
  if (ends.length) {
    const own = new ModelQuery(em, paths, driver).where(`t.origin_type = :type AND t.origin_id IN (:...ends)`, { type: INTERFACE, ends });
    old.push(...(await own.select({ id: 't.id' })).map((p) => Number(p.id)));
  }
  if (old.length) {
    await em.createQueryBuilder().update(interfaces.table).set({ _path_id: null }).where(`${q('_path_id')} IN (:...old)`, { old }).execute();
    await em.createQueryBuilder().delete().from(paths.table).where('id IN (:...old)', { old }).execute();
  }
  if (!row) return;
  const [a, b] = [row.interface_a_id as number, row.interface_b_id as number];
  for (const [origin, peer] of a === b ? [[a, b]] : [[a, b], [b, a]]) {
    const hops = [[`${INTERFACE}:${origin}`], [node], [`${INTERFACE}:${peer}`]];
    const result = await em
      .createQueryBuilder()
      .insert()
      .into(paths.table)
      .values({
        origin_type: INTERFACE,
        origin_id: origin,
        path: hops as unknown as object,
        nodes: `|${hops.flat().join('|')}|`,
        is_active: row.status === 'connected',
        is_complete: true,
        is_split: false,
      })
      .execute();
    const pathId = Number(result.identifiers[0]?.id ?? result.raw?.[0]?.id ?? result.raw);
    await em.createQueryBuilder().update(interfaces.table).set({ _path_id: pathId }).where('id = :origin', { origin }).execute();
  }
}
