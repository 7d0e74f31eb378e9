import { MigrationInterface, QueryRunner } from "typeorm";

/** Per-table write versions for exact cached counts; the service adds the triggers that bump them (CountCache). */
export class WriteVersions1795500000000 implements MigrationInterface {
    name = 'WriteVersions1795500000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "core_writeversion" ("table_name" character varying(100) NOT NULL, "slot" integer NOT NULL, "version" bigint NOT NULL, CONSTRAINT "PK_core_writeversion" PRIMARY KEY ("table_name", "slot"))`);
        await queryRunner.query(`CREATE FUNCTION core_bump_write_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO core_writeversion (table_name, slot, version) VALUES (TG_TABLE_NAME, pg_backend_pid() % 16, 1)
  ON CONFLICT (table_name, slot) DO UPDATE SET version = core_writeversion.version + 1;
  RETURN NULL;
END $$`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP FUNCTION core_bump_write_version() CASCADE`);
        await queryRunner.query(`DROP TABLE "core_writeversion"`);
    }
}
