import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Each table's row count, kept as rows are inserted and deleted, so that an unfiltered list counts without reading the
 * table. The service adds the triggers that keep it, and counts each table once as it adds them. Like the write
 * versions, a connection's writes go to a slot of their own, and a count is the sum of its slots.
 */
export class RowCounts1795900000000 implements MigrationInterface {
    name = 'RowCounts1795900000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "core_rowcount" ("table_name" character varying(100) NOT NULL, "slot" integer NOT NULL, "row_count" bigint NOT NULL, CONSTRAINT "PK_core_rowcount" PRIMARY KEY ("table_name", "slot"))`);
        // As many rows as the statement's transition table holds.
        await queryRunner.query(`CREATE FUNCTION core_count_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO core_rowcount (table_name, slot, row_count)
    SELECT TG_TABLE_NAME, pg_backend_pid() % 16, CASE TG_OP WHEN 'DELETE' THEN -COUNT(*) ELSE COUNT(*) END FROM changed
  ON CONFLICT (table_name, slot) DO UPDATE SET row_count = core_rowcount.row_count + EXCLUDED.row_count;
  RETURN NULL;
END $$`);
        await queryRunner.query(`CREATE FUNCTION core_count_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM core_rowcount WHERE table_name = TG_TABLE_NAME;
  INSERT INTO core_rowcount (table_name, slot, row_count) VALUES (TG_TABLE_NAME, 0, 0);
  RETURN NULL;
END $$`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        // With the functions go the tables' triggers that call them.
        await queryRunner.query(`DROP FUNCTION core_count_truncated() CASCADE`);
        await queryRunner.query(`DROP FUNCTION core_count_rows() CASCADE`);
        await queryRunner.query(`DROP TABLE "core_rowcount"`);
    }
}
