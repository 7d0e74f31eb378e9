import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Indexes over `LOWER(name)` and the scope a name is unique in, for the rules that check NetBox's constraints on
 * `Lower('name')` (a device's per site, a virtual machine's per cluster): without them each check reads every device
 * of the site. Declared as `caseInsensitiveIndexes` on their models.
 */
export class CaseInsensitiveNameIndexes1795800000000 implements MigrationInterface {
    name = 'CaseInsensitiveNameIndexes1795800000000'

    private readonly indexes: Array<[table: string, column: string, scope: string]> = [
        ['dcim_device', 'name', 'site_id'],
        ['virtualization_virtualmachine', 'name', 'cluster_id'],
    ];

    public async up(queryRunner: QueryRunner): Promise<void> {
        for (const [table, column, scope] of this.indexes) {
            await queryRunner.query(`CREATE INDEX "lower_${table}_${column}_${scope}" ON "${table}" (LOWER("${column}"), "${scope}")`);
            await queryRunner.query(`ANALYZE "${table}"`);
        }
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        for (const [table, column, scope] of this.indexes) await queryRunner.query(`DROP INDEX "lower_${table}_${column}_${scope}"`);
    }
}
