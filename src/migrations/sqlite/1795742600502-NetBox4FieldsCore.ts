import { MigrationInterface, QueryRunner } from "typeorm";

/** NetBox 4.x's plain fields of existing core models; existing rows get NetBox's defaults. */
export class NetBox4FieldsCore1795742600502 implements MigrationInterface {
    name = 'NetBox4FieldsCore1795742600502'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "temporary_core_datasource" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(100) NOT NULL, "type" varchar(50) NOT NULL, "source_url" varchar(200) NOT NULL, "enabled" boolean NOT NULL, "status" varchar(50) NOT NULL, "description" varchar(200) NOT NULL, "comments" text NOT NULL, "parameters" text, "ignore_rules" text NOT NULL, "last_synced" datetime, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, "sync_interval" integer, CONSTRAINT "UQ_880a854f6e18d04bbecb4ddda2c" UNIQUE ("name"))`);
        await queryRunner.query(`INSERT INTO "temporary_core_datasource"("id", "name", "type", "source_url", "enabled", "status", "description", "comments", "parameters", "ignore_rules", "last_synced", "custom_field_data", "created", "last_updated") SELECT "id", "name", "type", "source_url", "enabled", "status", "description", "comments", "parameters", "ignore_rules", "last_synced", "custom_field_data", "created", "last_updated" FROM "core_datasource"`);
        await queryRunner.query(`DROP TABLE "core_datasource"`);
        await queryRunner.query(`ALTER TABLE "temporary_core_datasource" RENAME TO "core_datasource"`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "core_datasource" RENAME TO "temporary_core_datasource"`);
        await queryRunner.query(`CREATE TABLE "core_datasource" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(100) NOT NULL, "type" varchar(50) NOT NULL, "source_url" varchar(200) NOT NULL, "enabled" boolean NOT NULL, "status" varchar(50) NOT NULL, "description" varchar(200) NOT NULL, "comments" text NOT NULL, "parameters" text, "ignore_rules" text NOT NULL, "last_synced" datetime, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, CONSTRAINT "UQ_880a854f6e18d04bbecb4ddda2c" UNIQUE ("name"))`);
        await queryRunner.query(`INSERT INTO "core_datasource"("id", "name", "type", "source_url", "enabled", "status", "description", "comments", "parameters", "ignore_rules", "last_synced", "custom_field_data", "created", "last_updated") SELECT "id", "name", "type", "source_url", "enabled", "status", "description", "comments", "parameters", "ignore_rules", "last_synced", "custom_field_data", "created", "last_updated" FROM "temporary_core_datasource"`);
        await queryRunner.query(`DROP TABLE "temporary_core_datasource"`);
    }

}
