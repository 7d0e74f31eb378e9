import { MigrationInterface, QueryRunner } from "typeorm";

/** NetBox 4.3's module type profiles, and a module type's profile and attributes. */
export class ModuleTypeProfiles1795755224038 implements MigrationInterface {
    name = 'ModuleTypeProfiles1795755224038'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "dcim_moduletypeprofile" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(100) NOT NULL, "description" varchar(200) NOT NULL, "schema" text, "comments" text NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, CONSTRAINT "UQ_35553538f4157b35545f3ec4e8d" UNIQUE ("name"))`);
        await queryRunner.query(`DROP INDEX "idx_dcim_moduletype_manufacturer_id"`);
        await queryRunner.query(`DROP INDEX "uniq_dcim_moduletype_manufacturer_id_model"`);
        await queryRunner.query(`DROP INDEX "idx_dcim_moduletype_model"`);
        await queryRunner.query(`CREATE TABLE "temporary_dcim_moduletype" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "manufacturer_id" integer NOT NULL, "model" varchar(100) NOT NULL, "part_number" varchar(50) NOT NULL, "weight" decimal(8,2), "weight_unit" varchar(50), "description" varchar(200) NOT NULL, "comments" text NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, "airflow" varchar(50), "profile_id" integer, "attributes" text, CONSTRAINT "FK_33163f8e1e279e4796efec2567b" FOREIGN KEY ("manufacturer_id") REFERENCES "dcim_manufacturer" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "temporary_dcim_moduletype"("id", "manufacturer_id", "model", "part_number", "weight", "weight_unit", "description", "comments", "custom_field_data", "created", "last_updated", "airflow") SELECT "id", "manufacturer_id", "model", "part_number", "weight", "weight_unit", "description", "comments", "custom_field_data", "created", "last_updated", "airflow" FROM "dcim_moduletype"`);
        await queryRunner.query(`DROP TABLE "dcim_moduletype"`);
        await queryRunner.query(`ALTER TABLE "temporary_dcim_moduletype" RENAME TO "dcim_moduletype"`);
        await queryRunner.query(`CREATE INDEX "idx_dcim_moduletype_manufacturer_id" ON "dcim_moduletype" ("manufacturer_id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "uniq_dcim_moduletype_manufacturer_id_model" ON "dcim_moduletype" ("manufacturer_id", "model") `);
        await queryRunner.query(`CREATE INDEX "idx_dcim_moduletype_model" ON "dcim_moduletype" ("model") `);
        await queryRunner.query(`CREATE INDEX "idx_dcim_moduletype_profile_id" ON "dcim_moduletype" ("profile_id") `);
        await queryRunner.query(`DROP INDEX "idx_dcim_moduletype_manufacturer_id"`);
        await queryRunner.query(`DROP INDEX "uniq_dcim_moduletype_manufacturer_id_model"`);
        await queryRunner.query(`DROP INDEX "idx_dcim_moduletype_model"`);
        await queryRunner.query(`DROP INDEX "idx_dcim_moduletype_profile_id"`);
        await queryRunner.query(`CREATE TABLE "temporary_dcim_moduletype" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "manufacturer_id" integer NOT NULL, "model" varchar(100) NOT NULL, "part_number" varchar(50) NOT NULL, "weight" decimal(8,2), "weight_unit" varchar(50), "description" varchar(200) NOT NULL, "comments" text NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, "airflow" varchar(50), "profile_id" integer, "attributes" text, CONSTRAINT "FK_33163f8e1e279e4796efec2567b" FOREIGN KEY ("manufacturer_id") REFERENCES "dcim_manufacturer" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_9885a305f973e19a54f06b3f2f9" FOREIGN KEY ("profile_id") REFERENCES "dcim_moduletypeprofile" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "temporary_dcim_moduletype"("id", "manufacturer_id", "model", "part_number", "weight", "weight_unit", "description", "comments", "custom_field_data", "created", "last_updated", "airflow", "profile_id", "attributes") SELECT "id", "manufacturer_id", "model", "part_number", "weight", "weight_unit", "description", "comments", "custom_field_data", "created", "last_updated", "airflow", "profile_id", "attributes" FROM "dcim_moduletype"`);
        await queryRunner.query(`DROP TABLE "dcim_moduletype"`);
        await queryRunner.query(`ALTER TABLE "temporary_dcim_moduletype" RENAME TO "dcim_moduletype"`);
        await queryRunner.query(`CREATE INDEX "idx_dcim_moduletype_manufacturer_id" ON "dcim_moduletype" ("manufacturer_id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "uniq_dcim_moduletype_manufacturer_id_model" ON "dcim_moduletype" ("manufacturer_id", "model") `);
        await queryRunner.query(`CREATE INDEX "idx_dcim_moduletype_model" ON "dcim_moduletype" ("model") `);
        await queryRunner.query(`CREATE INDEX "idx_dcim_moduletype_profile_id" ON "dcim_moduletype" ("profile_id") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "idx_dcim_moduletype_profile_id"`);
        await queryRunner.query(`DROP INDEX "idx_dcim_moduletype_model"`);
        await queryRunner.query(`DROP INDEX "uniq_dcim_moduletype_manufacturer_id_model"`);
        await queryRunner.query(`DROP INDEX "idx_dcim_moduletype_manufacturer_id"`);
        await queryRunner.query(`ALTER TABLE "dcim_moduletype" RENAME TO "temporary_dcim_moduletype"`);
        await queryRunner.query(`CREATE TABLE "dcim_moduletype" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "manufacturer_id" integer NOT NULL, "model" varchar(100) NOT NULL, "part_number" varchar(50) NOT NULL, "weight" decimal(8,2), "weight_unit" varchar(50), "description" varchar(200) NOT NULL, "comments" text NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, "airflow" varchar(50), "profile_id" integer, "attributes" text, CONSTRAINT "FK_33163f8e1e279e4796efec2567b" FOREIGN KEY ("manufacturer_id") REFERENCES "dcim_manufacturer" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "dcim_moduletype"("id", "manufacturer_id", "model", "part_number", "weight", "weight_unit", "description", "comments", "custom_field_data", "created", "last_updated", "airflow", "profile_id", "attributes") SELECT "id", "manufacturer_id", "model", "part_number", "weight", "weight_unit", "description", "comments", "custom_field_data", "created", "last_updated", "airflow", "profile_id", "attributes" FROM "temporary_dcim_moduletype"`);
        await queryRunner.query(`DROP TABLE "temporary_dcim_moduletype"`);
        await queryRunner.query(`CREATE INDEX "idx_dcim_moduletype_profile_id" ON "dcim_moduletype" ("profile_id") `);
        await queryRunner.query(`CREATE INDEX "idx_dcim_moduletype_model" ON "dcim_moduletype" ("model") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "uniq_dcim_moduletype_manufacturer_id_model" ON "dcim_moduletype" ("manufacturer_id", "model") `);
        await queryRunner.query(`CREATE INDEX "idx_dcim_moduletype_manufacturer_id" ON "dcim_moduletype" ("manufacturer_id") `);
        await queryRunner.query(`DROP INDEX "idx_dcim_moduletype_profile_id"`);
        await queryRunner.query(`DROP INDEX "idx_dcim_moduletype_model"`);
        await queryRunner.query(`DROP INDEX "uniq_dcim_moduletype_manufacturer_id_model"`);
        await queryRunner.query(`DROP INDEX "idx_dcim_moduletype_manufacturer_id"`);
        await queryRunner.query(`ALTER TABLE "dcim_moduletype" RENAME TO "temporary_dcim_moduletype"`);
        await queryRunner.query(`CREATE TABLE "dcim_moduletype" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "manufacturer_id" integer NOT NULL, "model" varchar(100) NOT NULL, "part_number" varchar(50) NOT NULL, "weight" decimal(8,2), "weight_unit" varchar(50), "description" varchar(200) NOT NULL, "comments" text NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, "airflow" varchar(50), CONSTRAINT "FK_33163f8e1e279e4796efec2567b" FOREIGN KEY ("manufacturer_id") REFERENCES "dcim_manufacturer" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "dcim_moduletype"("id", "manufacturer_id", "model", "part_number", "weight", "weight_unit", "description", "comments", "custom_field_data", "created", "last_updated", "airflow") SELECT "id", "manufacturer_id", "model", "part_number", "weight", "weight_unit", "description", "comments", "custom_field_data", "created", "last_updated", "airflow" FROM "temporary_dcim_moduletype"`);
        await queryRunner.query(`DROP TABLE "temporary_dcim_moduletype"`);
        await queryRunner.query(`CREATE INDEX "idx_dcim_moduletype_model" ON "dcim_moduletype" ("model") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "uniq_dcim_moduletype_manufacturer_id_model" ON "dcim_moduletype" ("manufacturer_id", "model") `);
        await queryRunner.query(`CREATE INDEX "idx_dcim_moduletype_manufacturer_id" ON "dcim_moduletype" ("manufacturer_id") `);
        await queryRunner.query(`DROP TABLE "dcim_moduletypeprofile"`);
    }

}
