import { MigrationInterface, QueryRunner } from "typeorm";

/** NetBox 4.6's cable bundles, and a cable's bundle. */
export class CableBundles1795755415324 implements MigrationInterface {
    name = 'CableBundles1795755415324'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "dcim_cablebundle" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(100) NOT NULL, "description" varchar(200) NOT NULL, "comments" text NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, CONSTRAINT "UQ_5ab38dffd1fd979bc47e54f76dc" UNIQUE ("name"))`);
        await queryRunner.query(`DROP INDEX "idx_dcim_cable_tenant_id"`);
        await queryRunner.query(`CREATE TABLE "temporary_dcim_cable" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "type" varchar(50) NOT NULL, "status" varchar(50) NOT NULL, "tenant_id" integer, "label" varchar(100) NOT NULL, "color" varchar(6) NOT NULL, "length" decimal(8,2), "length_unit" varchar(50) NOT NULL, "description" varchar(200) NOT NULL, "comments" text NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, "bundle_id" integer, CONSTRAINT "FK_da2c48332f2293bb681c62a17d6" FOREIGN KEY ("tenant_id") REFERENCES "tenancy_tenant" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "temporary_dcim_cable"("id", "type", "status", "tenant_id", "label", "color", "length", "length_unit", "description", "comments", "custom_field_data", "created", "last_updated") SELECT "id", "type", "status", "tenant_id", "label", "color", "length", "length_unit", "description", "comments", "custom_field_data", "created", "last_updated" FROM "dcim_cable"`);
        await queryRunner.query(`DROP TABLE "dcim_cable"`);
        await queryRunner.query(`ALTER TABLE "temporary_dcim_cable" RENAME TO "dcim_cable"`);
        await queryRunner.query(`CREATE INDEX "idx_dcim_cable_tenant_id" ON "dcim_cable" ("tenant_id") `);
        await queryRunner.query(`CREATE INDEX "idx_dcim_cable_bundle_id" ON "dcim_cable" ("bundle_id") `);
        await queryRunner.query(`DROP INDEX "idx_dcim_cable_tenant_id"`);
        await queryRunner.query(`DROP INDEX "idx_dcim_cable_bundle_id"`);
        await queryRunner.query(`CREATE TABLE "temporary_dcim_cable" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "type" varchar(50) NOT NULL, "status" varchar(50) NOT NULL, "tenant_id" integer, "label" varchar(100) NOT NULL, "color" varchar(6) NOT NULL, "length" decimal(8,2), "length_unit" varchar(50) NOT NULL, "description" varchar(200) NOT NULL, "comments" text NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, "bundle_id" integer, CONSTRAINT "FK_da2c48332f2293bb681c62a17d6" FOREIGN KEY ("tenant_id") REFERENCES "tenancy_tenant" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_fee08c50ebd22ccce09126fa3e8" FOREIGN KEY ("bundle_id") REFERENCES "dcim_cablebundle" ("id") ON DELETE SET NULL ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "temporary_dcim_cable"("id", "type", "status", "tenant_id", "label", "color", "length", "length_unit", "description", "comments", "custom_field_data", "created", "last_updated", "bundle_id") SELECT "id", "type", "status", "tenant_id", "label", "color", "length", "length_unit", "description", "comments", "custom_field_data", "created", "last_updated", "bundle_id" FROM "dcim_cable"`);
        await queryRunner.query(`DROP TABLE "dcim_cable"`);
        await queryRunner.query(`ALTER TABLE "temporary_dcim_cable" RENAME TO "dcim_cable"`);
        await queryRunner.query(`CREATE INDEX "idx_dcim_cable_tenant_id" ON "dcim_cable" ("tenant_id") `);
        await queryRunner.query(`CREATE INDEX "idx_dcim_cable_bundle_id" ON "dcim_cable" ("bundle_id") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "idx_dcim_cable_bundle_id"`);
        await queryRunner.query(`DROP INDEX "idx_dcim_cable_tenant_id"`);
        await queryRunner.query(`ALTER TABLE "dcim_cable" RENAME TO "temporary_dcim_cable"`);
        await queryRunner.query(`CREATE TABLE "dcim_cable" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "type" varchar(50) NOT NULL, "status" varchar(50) NOT NULL, "tenant_id" integer, "label" varchar(100) NOT NULL, "color" varchar(6) NOT NULL, "length" decimal(8,2), "length_unit" varchar(50) NOT NULL, "description" varchar(200) NOT NULL, "comments" text NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, "bundle_id" integer, CONSTRAINT "FK_da2c48332f2293bb681c62a17d6" FOREIGN KEY ("tenant_id") REFERENCES "tenancy_tenant" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "dcim_cable"("id", "type", "status", "tenant_id", "label", "color", "length", "length_unit", "description", "comments", "custom_field_data", "created", "last_updated", "bundle_id") SELECT "id", "type", "status", "tenant_id", "label", "color", "length", "length_unit", "description", "comments", "custom_field_data", "created", "last_updated", "bundle_id" FROM "temporary_dcim_cable"`);
        await queryRunner.query(`DROP TABLE "temporary_dcim_cable"`);
        await queryRunner.query(`CREATE INDEX "idx_dcim_cable_bundle_id" ON "dcim_cable" ("bundle_id") `);
        await queryRunner.query(`CREATE INDEX "idx_dcim_cable_tenant_id" ON "dcim_cable" ("tenant_id") `);
        await queryRunner.query(`DROP INDEX "idx_dcim_cable_bundle_id"`);
        await queryRunner.query(`DROP INDEX "idx_dcim_cable_tenant_id"`);
        await queryRunner.query(`ALTER TABLE "dcim_cable" RENAME TO "temporary_dcim_cable"`);
        await queryRunner.query(`CREATE TABLE "dcim_cable" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "type" varchar(50) NOT NULL, "status" varchar(50) NOT NULL, "tenant_id" integer, "label" varchar(100) NOT NULL, "color" varchar(6) NOT NULL, "length" decimal(8,2), "length_unit" varchar(50) NOT NULL, "description" varchar(200) NOT NULL, "comments" text NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, CONSTRAINT "FK_da2c48332f2293bb681c62a17d6" FOREIGN KEY ("tenant_id") REFERENCES "tenancy_tenant" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "dcim_cable"("id", "type", "status", "tenant_id", "label", "color", "length", "length_unit", "description", "comments", "custom_field_data", "created", "last_updated") SELECT "id", "type", "status", "tenant_id", "label", "color", "length", "length_unit", "description", "comments", "custom_field_data", "created", "last_updated" FROM "temporary_dcim_cable"`);
        await queryRunner.query(`DROP TABLE "temporary_dcim_cable"`);
        await queryRunner.query(`CREATE INDEX "idx_dcim_cable_tenant_id" ON "dcim_cable" ("tenant_id") `);
        await queryRunner.query(`DROP TABLE "dcim_cablebundle"`);
    }

}
