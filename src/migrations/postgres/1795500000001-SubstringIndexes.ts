import { MigrationInterface, QueryRunner } from "typeorm";

/** Trigram indexes for substring searches (`q`, `__ic`) on large tables; declared as `substringIndexes` on their models. */
export class SubstringIndexes1795500000001 implements MigrationInterface {
    name = 'SubstringIndexes1795500000001'

    private readonly indexes: Array<[table: string, column: string]> = [
        ['dcim_interface', 'name'], ['dcim_interface', 'label'], ['dcim_interface', 'description'],
        ['ipam_ipaddress', 'address'], ['ipam_ipaddress', 'dns_name'], ['ipam_ipaddress', 'description'],
        ['dcim_device', 'name'], ['dcim_device', 'serial'], ['dcim_device', 'asset_tag'], ['dcim_device', 'comments'],
    ];

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
        for (const [table, column] of this.indexes) {
            await queryRunner.query(`CREATE INDEX "trgm_${table}_${column}" ON "${table}" USING gin (LOWER("${column}") gin_trgm_ops)`);
        }
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        for (const [table, column] of this.indexes) await queryRunner.query(`DROP INDEX "trgm_${table}_${column}"`);
    }
}
