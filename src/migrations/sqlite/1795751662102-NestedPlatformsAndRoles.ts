import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * NetBox 4.3's nested platforms and device roles: a parent and comments each, names unique as 4.3 has them; existing ones
 * become roots (their path their own padded id, their sort key their name, as the writer places a node). Written by hand
 * from the generated one: TypeORM's SQLite copy kept the tables' single-column UNIQUE constraints it was to drop.
 */
export class NestedPlatformsAndRoles1795751662102 implements MigrationInterface {
    name = 'NestedPlatformsAndRoles1795751662102'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "idx_dcim_platform_config_template_id"`);
        await queryRunner.query(`DROP INDEX "idx_dcim_platform_manufacturer_id"`);
        await queryRunner.query(`CREATE TABLE "temporary_dcim_platform" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(100) NOT NULL, "slug" varchar(100) NOT NULL, "manufacturer_id" integer, "napalm_driver" varchar(50) NOT NULL, "napalm_args" text, "description" varchar(200) NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, "config_template_id" integer, "parent_id" integer, "comments" text NOT NULL, "_depth" integer NOT NULL, "tree_path" varchar(255) NOT NULL, "tree_sort" text NOT NULL, CONSTRAINT "FK_c487b2f52e85d33cf73de18eed2" FOREIGN KEY ("config_template_id") REFERENCES "extras_configtemplate" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_bbdc446be057876100a7c422dba" FOREIGN KEY ("manufacturer_id") REFERENCES "dcim_manufacturer" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_24d285bb50254818929c7210006" FOREIGN KEY ("parent_id") REFERENCES "dcim_platform" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "temporary_dcim_platform"("id", "name", "slug", "manufacturer_id", "napalm_driver", "napalm_args", "description", "custom_field_data", "created", "last_updated", "config_template_id", "parent_id", "comments", "_depth", "tree_path", "tree_sort") SELECT "id", "name", "slug", "manufacturer_id", "napalm_driver", "napalm_args", "description", "custom_field_data", "created", "last_updated", "config_template_id", NULL, '', 0, substr('0000000000' || "id", -10) || '/', "name" || char(1) FROM "dcim_platform"`);
        await queryRunner.query(`DROP TABLE "dcim_platform"`);
        await queryRunner.query(`ALTER TABLE "temporary_dcim_platform" RENAME TO "dcim_platform"`);
        await queryRunner.query(`CREATE INDEX "idx_dcim_platform_config_template_id" ON "dcim_platform" ("config_template_id") `);
        await queryRunner.query(`CREATE INDEX "idx_dcim_platform_manufacturer_id" ON "dcim_platform" ("manufacturer_id") `);
        await queryRunner.query(`CREATE INDEX "idx_dcim_platform_parent_id" ON "dcim_platform" ("parent_id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "uniq_dcim_platform_manufacturer_id_name" ON "dcim_platform" ("manufacturer_id", "name") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "dcim_platform_name" ON "dcim_platform" ("name") WHERE "manufacturer_id" IS NULL`);
        await queryRunner.query(`CREATE UNIQUE INDEX "uniq_dcim_platform_manufacturer_id_slug" ON "dcim_platform" ("manufacturer_id", "slug") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "dcim_platform_slug" ON "dcim_platform" ("slug") WHERE "manufacturer_id" IS NULL`);
        await queryRunner.query(`CREATE INDEX "idx_dcim_platform_tree_path" ON "dcim_platform" ("tree_path") `);
        await queryRunner.query(`CREATE INDEX "idx_dcim_platform_tree_sort" ON "dcim_platform" ("tree_sort") `);

        await queryRunner.query(`DROP INDEX "idx_dcim_devicerole_config_template_id"`);
        await queryRunner.query(`CREATE TABLE "temporary_dcim_devicerole" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(100) NOT NULL, "slug" varchar(100) NOT NULL, "color" varchar(6) NOT NULL, "vm_role" boolean NOT NULL, "description" varchar(200) NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, "config_template_id" integer, "parent_id" integer, "comments" text NOT NULL, "_depth" integer NOT NULL, "tree_path" varchar(255) NOT NULL, "tree_sort" text NOT NULL, CONSTRAINT "FK_4cb1a50f16f24e79fbc444c8963" FOREIGN KEY ("config_template_id") REFERENCES "extras_configtemplate" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_fd0b4b0c6f45a1acbca014f5e0b" FOREIGN KEY ("parent_id") REFERENCES "dcim_devicerole" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "temporary_dcim_devicerole"("id", "name", "slug", "color", "vm_role", "description", "custom_field_data", "created", "last_updated", "config_template_id", "parent_id", "comments", "_depth", "tree_path", "tree_sort") SELECT "id", "name", "slug", "color", "vm_role", "description", "custom_field_data", "created", "last_updated", "config_template_id", NULL, '', 0, substr('0000000000' || "id", -10) || '/', "name" || char(1) FROM "dcim_devicerole"`);
        await queryRunner.query(`DROP TABLE "dcim_devicerole"`);
        await queryRunner.query(`ALTER TABLE "temporary_dcim_devicerole" RENAME TO "dcim_devicerole"`);
        await queryRunner.query(`CREATE INDEX "idx_dcim_devicerole_config_template_id" ON "dcim_devicerole" ("config_template_id") `);
        await queryRunner.query(`CREATE INDEX "idx_dcim_devicerole_parent_id" ON "dcim_devicerole" ("parent_id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "uniq_dcim_devicerole_parent_id_name" ON "dcim_devicerole" ("parent_id", "name") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "dcim_devicerole_name" ON "dcim_devicerole" ("name") WHERE "parent_id" IS NULL`);
        await queryRunner.query(`CREATE UNIQUE INDEX "uniq_dcim_devicerole_parent_id_slug" ON "dcim_devicerole" ("parent_id", "slug") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "dcim_devicerole_slug" ON "dcim_devicerole" ("slug") WHERE "parent_id" IS NULL`);
        await queryRunner.query(`CREATE INDEX "idx_dcim_devicerole_tree_path" ON "dcim_devicerole" ("tree_path") `);
        await queryRunner.query(`CREATE INDEX "idx_dcim_devicerole_tree_sort" ON "dcim_devicerole" ("tree_sort") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        for (const index of ['tree_sort', 'tree_path', 'parent_id', 'config_template_id']) await queryRunner.query(`DROP INDEX "idx_dcim_devicerole_${index}"`);
        for (const index of ['dcim_devicerole_slug', 'uniq_dcim_devicerole_parent_id_slug', 'dcim_devicerole_name', 'uniq_dcim_devicerole_parent_id_name']) await queryRunner.query(`DROP INDEX "${index}"`);
        await queryRunner.query(`ALTER TABLE "dcim_devicerole" RENAME TO "temporary_dcim_devicerole"`);
        await queryRunner.query(`CREATE TABLE "dcim_devicerole" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(100) NOT NULL, "slug" varchar(100) NOT NULL, "color" varchar(6) NOT NULL, "vm_role" boolean NOT NULL, "description" varchar(200) NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, "config_template_id" integer, CONSTRAINT "UQ_0311f3d3b1fed126aac7361d210" UNIQUE ("name"), CONSTRAINT "UQ_a6d39cfd38fe2fcd739be037b49" UNIQUE ("slug"), CONSTRAINT "FK_4cb1a50f16f24e79fbc444c8963" FOREIGN KEY ("config_template_id") REFERENCES "extras_configtemplate" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "dcim_devicerole"("id", "name", "slug", "color", "vm_role", "description", "custom_field_data", "created", "last_updated", "config_template_id") SELECT "id", "name", "slug", "color", "vm_role", "description", "custom_field_data", "created", "last_updated", "config_template_id" FROM "temporary_dcim_devicerole"`);
        await queryRunner.query(`DROP TABLE "temporary_dcim_devicerole"`);
        await queryRunner.query(`CREATE INDEX "idx_dcim_devicerole_config_template_id" ON "dcim_devicerole" ("config_template_id") `);

        for (const index of ['tree_sort', 'tree_path', 'parent_id', 'manufacturer_id', 'config_template_id']) await queryRunner.query(`DROP INDEX "idx_dcim_platform_${index}"`);
        for (const index of ['dcim_platform_slug', 'uniq_dcim_platform_manufacturer_id_slug', 'dcim_platform_name', 'uniq_dcim_platform_manufacturer_id_name']) await queryRunner.query(`DROP INDEX "${index}"`);
        await queryRunner.query(`ALTER TABLE "dcim_platform" RENAME TO "temporary_dcim_platform"`);
        await queryRunner.query(`CREATE TABLE "dcim_platform" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(100) NOT NULL, "slug" varchar(100) NOT NULL, "manufacturer_id" integer, "napalm_driver" varchar(50) NOT NULL, "napalm_args" text, "description" varchar(200) NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, "config_template_id" integer, CONSTRAINT "UQ_5a56782993df878b795af4f8dcc" UNIQUE ("name"), CONSTRAINT "UQ_a6cf63756addce3e4495c7a54b3" UNIQUE ("slug"), CONSTRAINT "FK_c487b2f52e85d33cf73de18eed2" FOREIGN KEY ("config_template_id") REFERENCES "extras_configtemplate" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_bbdc446be057876100a7c422dba" FOREIGN KEY ("manufacturer_id") REFERENCES "dcim_manufacturer" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "dcim_platform"("id", "name", "slug", "manufacturer_id", "napalm_driver", "napalm_args", "description", "custom_field_data", "created", "last_updated", "config_template_id") SELECT "id", "name", "slug", "manufacturer_id", "napalm_driver", "napalm_args", "description", "custom_field_data", "created", "last_updated", "config_template_id" FROM "temporary_dcim_platform"`);
        await queryRunner.query(`DROP TABLE "temporary_dcim_platform"`);
        await queryRunner.query(`CREATE INDEX "idx_dcim_platform_config_template_id" ON "dcim_platform" ("config_template_id") `);
        await queryRunner.query(`CREATE INDEX "idx_dcim_platform_manufacturer_id" ON "dcim_platform" ("manufacturer_id") `);
    }

}
