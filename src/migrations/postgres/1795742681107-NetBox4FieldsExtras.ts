import { MigrationInterface, QueryRunner } from "typeorm";

/** NetBox 4.x's plain fields of existing extras models; existing rows get NetBox's defaults (a custom field's UI pair from its 3.5 visibility). */
export class NetBox4FieldsExtras1795742681107 implements MigrationInterface {
    name = 'NetBox4FieldsExtras1795742681107'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "extras_tag" ADD "weight" integer NOT NULL DEFAULT 1000`);
        await queryRunner.query(`ALTER TABLE "extras_tag" ALTER COLUMN "weight" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "extras_customfield" ADD "unique" boolean NOT NULL DEFAULT FALSE`);
        await queryRunner.query(`ALTER TABLE "extras_customfield" ALTER COLUMN "unique" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "extras_customfield" ADD "ui_visible" character varying(50) NOT NULL DEFAULT 'always'`);
        await queryRunner.query(`UPDATE "extras_customfield" SET "ui_visible" = CASE "ui_visibility" WHEN 'hidden' THEN 'hidden' ELSE 'always' END`);
        await queryRunner.query(`ALTER TABLE "extras_customfield" ALTER COLUMN "ui_visible" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "extras_customfield" ADD "ui_editable" character varying(50) NOT NULL DEFAULT 'yes'`);
        await queryRunner.query(`UPDATE "extras_customfield" SET "ui_editable" = CASE "ui_visibility" WHEN 'read-write' THEN 'yes' WHEN 'read-only' THEN 'no' ELSE 'hidden' END`);
        await queryRunner.query(`ALTER TABLE "extras_customfield" ALTER COLUMN "ui_editable" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "extras_customfield" ADD "related_object_filter" jsonb`);
        await queryRunner.query(`ALTER TABLE "extras_customfield" ADD "validation_schema" jsonb`);
        await queryRunner.query(`ALTER TABLE "extras_customfield" ADD "comments" text NOT NULL DEFAULT ''`);
        await queryRunner.query(`ALTER TABLE "extras_customfield" ALTER COLUMN "comments" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "extras_configtemplate" ADD "mime_type" character varying(50) NOT NULL DEFAULT ''`);
        await queryRunner.query(`ALTER TABLE "extras_configtemplate" ALTER COLUMN "mime_type" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "extras_configtemplate" ADD "file_name" character varying(200) NOT NULL DEFAULT ''`);
        await queryRunner.query(`ALTER TABLE "extras_configtemplate" ALTER COLUMN "file_name" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "extras_configtemplate" ADD "file_extension" character varying(15) NOT NULL DEFAULT ''`);
        await queryRunner.query(`ALTER TABLE "extras_configtemplate" ALTER COLUMN "file_extension" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "extras_configtemplate" ADD "as_attachment" boolean NOT NULL DEFAULT TRUE`);
        await queryRunner.query(`ALTER TABLE "extras_configtemplate" ALTER COLUMN "as_attachment" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "extras_exporttemplate" ADD "environment_params" jsonb`);
        await queryRunner.query(`UPDATE "extras_exporttemplate" SET "environment_params" = '{}'`);
        await queryRunner.query(`ALTER TABLE "extras_exporttemplate" ADD "file_name" character varying(200) NOT NULL DEFAULT ''`);
        await queryRunner.query(`ALTER TABLE "extras_exporttemplate" ALTER COLUMN "file_name" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "extras_imageattachment" ADD "description" character varying(200) NOT NULL DEFAULT ''`);
        await queryRunner.query(`ALTER TABLE "extras_imageattachment" ALTER COLUMN "description" DROP DEFAULT`);
        await queryRunner.query(`CREATE INDEX "idx_extras_tag_weight_name" ON "extras_tag" ("weight", "name") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_tag_weight" ON "extras_tag" ("weight") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "public"."idx_extras_tag_weight"`);
        await queryRunner.query(`DROP INDEX "public"."idx_extras_tag_weight_name"`);
        await queryRunner.query(`ALTER TABLE "extras_imageattachment" DROP COLUMN "description"`);
        await queryRunner.query(`ALTER TABLE "extras_exporttemplate" DROP COLUMN "file_name"`);
        await queryRunner.query(`ALTER TABLE "extras_exporttemplate" DROP COLUMN "environment_params"`);
        await queryRunner.query(`ALTER TABLE "extras_configtemplate" DROP COLUMN "as_attachment"`);
        await queryRunner.query(`ALTER TABLE "extras_configtemplate" DROP COLUMN "file_extension"`);
        await queryRunner.query(`ALTER TABLE "extras_configtemplate" DROP COLUMN "file_name"`);
        await queryRunner.query(`ALTER TABLE "extras_configtemplate" DROP COLUMN "mime_type"`);
        await queryRunner.query(`ALTER TABLE "extras_customfield" DROP COLUMN "comments"`);
        await queryRunner.query(`ALTER TABLE "extras_customfield" DROP COLUMN "validation_schema"`);
        await queryRunner.query(`ALTER TABLE "extras_customfield" DROP COLUMN "related_object_filter"`);
        await queryRunner.query(`ALTER TABLE "extras_customfield" DROP COLUMN "ui_editable"`);
        await queryRunner.query(`ALTER TABLE "extras_customfield" DROP COLUMN "ui_visible"`);
        await queryRunner.query(`ALTER TABLE "extras_customfield" DROP COLUMN "unique"`);
        await queryRunner.query(`ALTER TABLE "extras_tag" DROP COLUMN "weight"`);
    }

}
