import { MigrationInterface, QueryRunner } from "typeorm";

/** Per-table write versions for exact cached counts; the service adds the triggers that bump them (CountCache). */
export class WriteVersions1795500000000 implements MigrationInterface {
    name = 'WriteVersions1795500000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "core_writeversion" ("table_name" varchar(100) NOT NULL, "slot" integer NOT NULL, "version" integer NOT NULL, PRIMARY KEY ("table_name", "slot"))`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        const triggers: Array<{ name: string }> = await queryRunner.query(`SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'write_version_%'`);
        for (const t of triggers) await queryRunner.query(`DROP TRIGGER "${t.name}"`);
        await queryRunner.query(`DROP TABLE "core_writeversion"`);
    }
}
