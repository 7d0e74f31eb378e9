import { MigrationInterface, QueryRunner } from "typeorm";

/** NetBox 4.x's plain fields of existing extras models; existing rows get NetBox's defaults (a custom field's UI pair from its 3.5 visibility). */
export class NetBox4FieldsExtras1795742600501 implements MigrationInterface {
    name = 'NetBox4FieldsExtras1795742600501'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "temporary_extras_tag" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(100) NOT NULL, "slug" varchar(100) NOT NULL, "color" varchar(6) NOT NULL, "description" varchar(200) NOT NULL, "object_types" text NOT NULL, "created" date, "last_updated" datetime, "weight" integer NOT NULL, CONSTRAINT "UQ_613c76ab7a67da89e5c9f32a565" UNIQUE ("slug"), CONSTRAINT "UQ_bdaf79f77dd9ae594722c4ef13b" UNIQUE ("name"))`);
        await queryRunner.query(`INSERT INTO "temporary_extras_tag"("id", "name", "slug", "color", "description", "object_types", "created", "last_updated", "weight") SELECT "id", "name", "slug", "color", "description", "object_types", "created", "last_updated", 1000 FROM "extras_tag"`);
        await queryRunner.query(`DROP TABLE "extras_tag"`);
        await queryRunner.query(`ALTER TABLE "temporary_extras_tag" RENAME TO "extras_tag"`);
        await queryRunner.query(`DROP INDEX "idx_extras_customfield_weight"`);
        await queryRunner.query(`DROP INDEX "idx_extras_customfield_group_name"`);
        await queryRunner.query(`CREATE TABLE "temporary_extras_customfield" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "content_types" text NOT NULL, "type" varchar(50) NOT NULL, "object_type" text, "name" varchar(50) NOT NULL, "label" varchar(50) NOT NULL, "group_name" varchar(50) NOT NULL, "description" varchar(200) NOT NULL, "required" boolean NOT NULL, "search_weight" integer NOT NULL, "filter_logic" varchar(50) NOT NULL, "ui_visibility" varchar(50) NOT NULL, "is_cloneable" boolean NOT NULL, "default" text, "weight" integer NOT NULL, "validation_minimum" integer, "validation_maximum" integer, "validation_regex" varchar(500) NOT NULL, "choices" text, "created" date, "last_updated" datetime, "unique" boolean NOT NULL, "ui_visible" varchar(50) NOT NULL, "ui_editable" varchar(50) NOT NULL, "related_object_filter" text, "validation_schema" text, "comments" text NOT NULL, CONSTRAINT "UQ_ccbbf9677b01502d9d65b82b3c1" UNIQUE ("name"))`);
        await queryRunner.query(`INSERT INTO "temporary_extras_customfield"("id", "content_types", "type", "object_type", "name", "label", "group_name", "description", "required", "search_weight", "filter_logic", "ui_visibility", "is_cloneable", "default", "weight", "validation_minimum", "validation_maximum", "validation_regex", "choices", "created", "last_updated", "unique", "ui_visible", "ui_editable", "comments") SELECT "id", "content_types", "type", "object_type", "name", "label", "group_name", "description", "required", "search_weight", "filter_logic", "ui_visibility", "is_cloneable", "default", "weight", "validation_minimum", "validation_maximum", "validation_regex", "choices", "created", "last_updated", 0, CASE "ui_visibility" WHEN 'hidden' THEN 'hidden' ELSE 'always' END, CASE "ui_visibility" WHEN 'read-write' THEN 'yes' WHEN 'read-only' THEN 'no' ELSE 'hidden' END, '' FROM "extras_customfield"`);
        await queryRunner.query(`DROP TABLE "extras_customfield"`);
        await queryRunner.query(`ALTER TABLE "temporary_extras_customfield" RENAME TO "extras_customfield"`);
        await queryRunner.query(`CREATE INDEX "idx_extras_customfield_weight" ON "extras_customfield" ("weight") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_customfield_group_name" ON "extras_customfield" ("group_name") `);
        await queryRunner.query(`DROP INDEX "idx_extras_configtemplate_data_file_id"`);
        await queryRunner.query(`DROP INDEX "idx_extras_configtemplate_data_source_id"`);
        await queryRunner.query(`DROP INDEX "idx_extras_configtemplate_name"`);
        await queryRunner.query(`CREATE TABLE "temporary_extras_configtemplate" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(100) NOT NULL, "description" varchar(200) NOT NULL, "template_code" text NOT NULL, "environment_params" text, "created" date, "last_updated" datetime, "data_source_id" integer, "data_path" varchar(1000) NOT NULL, "data_file_id" integer, "data_synced" datetime, "mime_type" varchar(50) NOT NULL, "file_name" varchar(200) NOT NULL, "file_extension" varchar(15) NOT NULL, "as_attachment" boolean NOT NULL, CONSTRAINT "FK_df9c3104e7e0a5bca3277ef9b22" FOREIGN KEY ("data_file_id") REFERENCES "core_datafile" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_acd16fd251fe7c811d72d6d8dab" FOREIGN KEY ("data_source_id") REFERENCES "core_datasource" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "temporary_extras_configtemplate"("id", "name", "description", "template_code", "environment_params", "created", "last_updated", "data_source_id", "data_path", "data_file_id", "data_synced", "mime_type", "file_name", "file_extension", "as_attachment") SELECT "id", "name", "description", "template_code", "environment_params", "created", "last_updated", "data_source_id", "data_path", "data_file_id", "data_synced", '', '', '', 1 FROM "extras_configtemplate"`);
        await queryRunner.query(`DROP TABLE "extras_configtemplate"`);
        await queryRunner.query(`ALTER TABLE "temporary_extras_configtemplate" RENAME TO "extras_configtemplate"`);
        await queryRunner.query(`CREATE INDEX "idx_extras_configtemplate_data_file_id" ON "extras_configtemplate" ("data_file_id") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_configtemplate_data_source_id" ON "extras_configtemplate" ("data_source_id") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_configtemplate_name" ON "extras_configtemplate" ("name") `);
        await queryRunner.query(`DROP INDEX "idx_extras_exporttemplate_data_file_id"`);
        await queryRunner.query(`DROP INDEX "idx_extras_exporttemplate_data_source_id"`);
        await queryRunner.query(`CREATE TABLE "temporary_extras_exporttemplate" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "content_types" text NOT NULL, "name" varchar(100) NOT NULL, "description" varchar(200) NOT NULL, "template_code" text NOT NULL, "mime_type" varchar(50) NOT NULL, "file_extension" varchar(15) NOT NULL, "as_attachment" boolean NOT NULL, "created" date, "last_updated" datetime, "data_source_id" integer, "data_path" varchar(1000) NOT NULL, "data_file_id" integer, "data_synced" datetime, "environment_params" text, "file_name" varchar(200) NOT NULL, CONSTRAINT "UQ_ec573d37e7e3ec35c4ddf4044bf" UNIQUE ("name"), CONSTRAINT "FK_7f6d0cd5d92f7110a586c054ddb" FOREIGN KEY ("data_file_id") REFERENCES "core_datafile" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_a92b2063bcfb797d7f511441f39" FOREIGN KEY ("data_source_id") REFERENCES "core_datasource" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "temporary_extras_exporttemplate"("id", "content_types", "name", "description", "template_code", "mime_type", "file_extension", "as_attachment", "created", "last_updated", "data_source_id", "data_path", "data_file_id", "data_synced", "environment_params", "file_name") SELECT "id", "content_types", "name", "description", "template_code", "mime_type", "file_extension", "as_attachment", "created", "last_updated", "data_source_id", "data_path", "data_file_id", "data_synced", '{}', '' FROM "extras_exporttemplate"`);
        await queryRunner.query(`DROP TABLE "extras_exporttemplate"`);
        await queryRunner.query(`ALTER TABLE "temporary_extras_exporttemplate" RENAME TO "extras_exporttemplate"`);
        await queryRunner.query(`CREATE INDEX "idx_extras_exporttemplate_data_file_id" ON "extras_exporttemplate" ("data_file_id") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_exporttemplate_data_source_id" ON "extras_exporttemplate" ("data_source_id") `);
        await queryRunner.query(`DROP INDEX "idx_extras_imageattachment_name"`);
        await queryRunner.query(`DROP INDEX "idx_extras_imageattachment_content_type_object_id"`);
        await queryRunner.query(`CREATE TABLE "temporary_extras_imageattachment" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "content_type" text NOT NULL, "object_id" integer NOT NULL, "name" varchar(50) NOT NULL, "image" varchar(100) NOT NULL, "image_height" integer NOT NULL, "image_width" integer NOT NULL, "created" date, "last_updated" datetime, "description" varchar(200) NOT NULL)`);
        await queryRunner.query(`INSERT INTO "temporary_extras_imageattachment"("id", "content_type", "object_id", "name", "image", "image_height", "image_width", "created", "last_updated", "description") SELECT "id", "content_type", "object_id", "name", "image", "image_height", "image_width", "created", "last_updated", '' FROM "extras_imageattachment"`);
        await queryRunner.query(`DROP TABLE "extras_imageattachment"`);
        await queryRunner.query(`ALTER TABLE "temporary_extras_imageattachment" RENAME TO "extras_imageattachment"`);
        await queryRunner.query(`CREATE INDEX "idx_extras_imageattachment_name" ON "extras_imageattachment" ("name") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_imageattachment_content_type_object_id" ON "extras_imageattachment" ("content_type", "object_id") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_tag_weight_name" ON "extras_tag" ("weight", "name") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_tag_weight" ON "extras_tag" ("weight") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "idx_extras_tag_weight"`);
        await queryRunner.query(`DROP INDEX "idx_extras_tag_weight_name"`);
        await queryRunner.query(`DROP INDEX "idx_extras_imageattachment_content_type_object_id"`);
        await queryRunner.query(`DROP INDEX "idx_extras_imageattachment_name"`);
        await queryRunner.query(`ALTER TABLE "extras_imageattachment" RENAME TO "temporary_extras_imageattachment"`);
        await queryRunner.query(`CREATE TABLE "extras_imageattachment" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "content_type" text NOT NULL, "object_id" integer NOT NULL, "name" varchar(50) NOT NULL, "image" varchar(100) NOT NULL, "image_height" integer NOT NULL, "image_width" integer NOT NULL, "created" date, "last_updated" datetime)`);
        await queryRunner.query(`INSERT INTO "extras_imageattachment"("id", "content_type", "object_id", "name", "image", "image_height", "image_width", "created", "last_updated") SELECT "id", "content_type", "object_id", "name", "image", "image_height", "image_width", "created", "last_updated" FROM "temporary_extras_imageattachment"`);
        await queryRunner.query(`DROP TABLE "temporary_extras_imageattachment"`);
        await queryRunner.query(`CREATE INDEX "idx_extras_imageattachment_content_type_object_id" ON "extras_imageattachment" ("content_type", "object_id") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_imageattachment_name" ON "extras_imageattachment" ("name") `);
        await queryRunner.query(`DROP INDEX "idx_extras_exporttemplate_data_source_id"`);
        await queryRunner.query(`DROP INDEX "idx_extras_exporttemplate_data_file_id"`);
        await queryRunner.query(`ALTER TABLE "extras_exporttemplate" RENAME TO "temporary_extras_exporttemplate"`);
        await queryRunner.query(`CREATE TABLE "extras_exporttemplate" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "content_types" text NOT NULL, "name" varchar(100) NOT NULL, "description" varchar(200) NOT NULL, "template_code" text NOT NULL, "mime_type" varchar(50) NOT NULL, "file_extension" varchar(15) NOT NULL, "as_attachment" boolean NOT NULL, "created" date, "last_updated" datetime, "data_source_id" integer, "data_path" varchar(1000) NOT NULL, "data_file_id" integer, "data_synced" datetime, CONSTRAINT "UQ_ec573d37e7e3ec35c4ddf4044bf" UNIQUE ("name"), CONSTRAINT "FK_7f6d0cd5d92f7110a586c054ddb" FOREIGN KEY ("data_file_id") REFERENCES "core_datafile" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_a92b2063bcfb797d7f511441f39" FOREIGN KEY ("data_source_id") REFERENCES "core_datasource" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "extras_exporttemplate"("id", "content_types", "name", "description", "template_code", "mime_type", "file_extension", "as_attachment", "created", "last_updated", "data_source_id", "data_path", "data_file_id", "data_synced") SELECT "id", "content_types", "name", "description", "template_code", "mime_type", "file_extension", "as_attachment", "created", "last_updated", "data_source_id", "data_path", "data_file_id", "data_synced" FROM "temporary_extras_exporttemplate"`);
        await queryRunner.query(`DROP TABLE "temporary_extras_exporttemplate"`);
        await queryRunner.query(`CREATE INDEX "idx_extras_exporttemplate_data_source_id" ON "extras_exporttemplate" ("data_source_id") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_exporttemplate_data_file_id" ON "extras_exporttemplate" ("data_file_id") `);
        await queryRunner.query(`DROP INDEX "idx_extras_configtemplate_name"`);
        await queryRunner.query(`DROP INDEX "idx_extras_configtemplate_data_source_id"`);
        await queryRunner.query(`DROP INDEX "idx_extras_configtemplate_data_file_id"`);
        await queryRunner.query(`ALTER TABLE "extras_configtemplate" RENAME TO "temporary_extras_configtemplate"`);
        await queryRunner.query(`CREATE TABLE "extras_configtemplate" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(100) NOT NULL, "description" varchar(200) NOT NULL, "template_code" text NOT NULL, "environment_params" text, "created" date, "last_updated" datetime, "data_source_id" integer, "data_path" varchar(1000) NOT NULL, "data_file_id" integer, "data_synced" datetime, CONSTRAINT "FK_df9c3104e7e0a5bca3277ef9b22" FOREIGN KEY ("data_file_id") REFERENCES "core_datafile" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_acd16fd251fe7c811d72d6d8dab" FOREIGN KEY ("data_source_id") REFERENCES "core_datasource" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "extras_configtemplate"("id", "name", "description", "template_code", "environment_params", "created", "last_updated", "data_source_id", "data_path", "data_file_id", "data_synced") SELECT "id", "name", "description", "template_code", "environment_params", "created", "last_updated", "data_source_id", "data_path", "data_file_id", "data_synced" FROM "temporary_extras_configtemplate"`);
        await queryRunner.query(`DROP TABLE "temporary_extras_configtemplate"`);
        await queryRunner.query(`CREATE INDEX "idx_extras_configtemplate_name" ON "extras_configtemplate" ("name") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_configtemplate_data_source_id" ON "extras_configtemplate" ("data_source_id") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_configtemplate_data_file_id" ON "extras_configtemplate" ("data_file_id") `);
        await queryRunner.query(`DROP INDEX "idx_extras_customfield_group_name"`);
        await queryRunner.query(`DROP INDEX "idx_extras_customfield_weight"`);
        await queryRunner.query(`ALTER TABLE "extras_customfield" RENAME TO "temporary_extras_customfield"`);
        await queryRunner.query(`CREATE TABLE "extras_customfield" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "content_types" text NOT NULL, "type" varchar(50) NOT NULL, "object_type" text, "name" varchar(50) NOT NULL, "label" varchar(50) NOT NULL, "group_name" varchar(50) NOT NULL, "description" varchar(200) NOT NULL, "required" boolean NOT NULL, "search_weight" integer NOT NULL, "filter_logic" varchar(50) NOT NULL, "ui_visibility" varchar(50) NOT NULL, "is_cloneable" boolean NOT NULL, "default" text, "weight" integer NOT NULL, "validation_minimum" integer, "validation_maximum" integer, "validation_regex" varchar(500) NOT NULL, "choices" text, "created" date, "last_updated" datetime, CONSTRAINT "UQ_ccbbf9677b01502d9d65b82b3c1" UNIQUE ("name"))`);
        await queryRunner.query(`INSERT INTO "extras_customfield"("id", "content_types", "type", "object_type", "name", "label", "group_name", "description", "required", "search_weight", "filter_logic", "ui_visibility", "is_cloneable", "default", "weight", "validation_minimum", "validation_maximum", "validation_regex", "choices", "created", "last_updated") SELECT "id", "content_types", "type", "object_type", "name", "label", "group_name", "description", "required", "search_weight", "filter_logic", "ui_visibility", "is_cloneable", "default", "weight", "validation_minimum", "validation_maximum", "validation_regex", "choices", "created", "last_updated" FROM "temporary_extras_customfield"`);
        await queryRunner.query(`DROP TABLE "temporary_extras_customfield"`);
        await queryRunner.query(`CREATE INDEX "idx_extras_customfield_group_name" ON "extras_customfield" ("group_name") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_customfield_weight" ON "extras_customfield" ("weight") `);
        await queryRunner.query(`ALTER TABLE "extras_tag" RENAME TO "temporary_extras_tag"`);
        await queryRunner.query(`CREATE TABLE "extras_tag" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(100) NOT NULL, "slug" varchar(100) NOT NULL, "color" varchar(6) NOT NULL, "description" varchar(200) NOT NULL, "object_types" text NOT NULL, "created" date, "last_updated" datetime, CONSTRAINT "UQ_613c76ab7a67da89e5c9f32a565" UNIQUE ("slug"), CONSTRAINT "UQ_bdaf79f77dd9ae594722c4ef13b" UNIQUE ("name"))`);
        await queryRunner.query(`INSERT INTO "extras_tag"("id", "name", "slug", "color", "description", "object_types", "created", "last_updated") SELECT "id", "name", "slug", "color", "description", "object_types", "created", "last_updated" FROM "temporary_extras_tag"`);
        await queryRunner.query(`DROP TABLE "temporary_extras_tag"`);
    }

}
