import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Indexes for substring searches (`q`, `__ic`) on large tables: trigram indexes, and a pattern index
 * for the address that `q` matches by its beginning; declared as `substringIndexes` and
 * `startsWithIndexes` on their models.
 */
export class SubstringIndexes1795500000001 implements MigrationInterface {
    name = 'SubstringIndexes1795500000001'

    private readonly indexes: Array<[table: string, column: string]> = [
        ['dcim_interface', 'name'], ['dcim_interface', 'label'], ['dcim_interface', 'description'],
        ['ipam_ipaddress', 'dns_name'], ['ipam_ipaddress', 'description'],
        ['dcim_device', 'name'], ['dcim_device', 'serial'], ['dcim_device', 'asset_tag'], ['dcim_device', 'comments'],
    ];

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
        for (const [table, column] of this.indexes) {
            await queryRunner.query(`CREATE INDEX "trgm_${table}_${column}" ON "${table}" USING gin (LOWER("${column}") gin_trgm_ops)`);
        }
        await queryRunner.query(`CREATE INDEX "like_ipam_ipaddress_address" ON "ipam_ipaddress" (LOWER("address") text_pattern_ops)`);
        // The planner knows an expression's values only once the table is analysed.
        for (const table of new Set(this.indexes.map(([table]) => table))) await queryRunner.query(`ANALYZE "${table}"`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "like_ipam_ipaddress_address"`);
        for (const [table, column] of this.indexes) await queryRunner.query(`DROP INDEX "trgm_${table}_${column}"`);
    }
}
