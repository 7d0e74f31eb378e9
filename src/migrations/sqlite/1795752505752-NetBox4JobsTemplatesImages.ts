import { MigrationInterface, QueryRunner } from "typeorm";

/** NetBox 4.x's job error, queue, notifications and log (existing jobs: none, blank, always, empty), a config template's debug and auto_sync_enabled (off), an image attachment's size (unknown for images stored before). */
export class NetBox4JobsTemplatesImages1795752505752 implements MigrationInterface {
    name = 'NetBox4JobsTemplatesImages1795752505752'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "idx_extras_configtemplate_name"`);
        await queryRunner.query(`DROP INDEX "idx_extras_configtemplate_data_source_id"`);
        await queryRunner.query(`DROP INDEX "idx_extras_configtemplate_data_file_id"`);
        await queryRunner.query(`CREATE TABLE "temporary_extras_configtemplate" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(100) NOT NULL, "description" varchar(200) NOT NULL, "template_code" text NOT NULL, "environment_params" text, "created" date, "last_updated" datetime, "data_source_id" integer, "data_path" varchar(1000) NOT NULL, "data_file_id" integer, "data_synced" datetime, "mime_type" varchar(50) NOT NULL, "file_name" varchar(200) NOT NULL, "file_extension" varchar(15) NOT NULL, "as_attachment" boolean NOT NULL, "debug" boolean NOT NULL, "auto_sync_enabled" boolean NOT NULL, CONSTRAINT "FK_acd16fd251fe7c811d72d6d8dab" FOREIGN KEY ("data_source_id") REFERENCES "core_datasource" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_df9c3104e7e0a5bca3277ef9b22" FOREIGN KEY ("data_file_id") REFERENCES "core_datafile" ("id") ON DELETE SET NULL ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "temporary_extras_configtemplate"("id", "name", "description", "template_code", "environment_params", "created", "last_updated", "data_source_id", "data_path", "data_file_id", "data_synced", "mime_type", "file_name", "file_extension", "as_attachment", "debug", "auto_sync_enabled") SELECT "id", "name", "description", "template_code", "environment_params", "created", "last_updated", "data_source_id", "data_path", "data_file_id", "data_synced", "mime_type", "file_name", "file_extension", "as_attachment", 0, 0 FROM "extras_configtemplate"`);
        await queryRunner.query(`DROP TABLE "extras_configtemplate"`);
        await queryRunner.query(`ALTER TABLE "temporary_extras_configtemplate" RENAME TO "extras_configtemplate"`);
        await queryRunner.query(`CREATE INDEX "idx_extras_configtemplate_name" ON "extras_configtemplate" ("name") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_configtemplate_data_source_id" ON "extras_configtemplate" ("data_source_id") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_configtemplate_data_file_id" ON "extras_configtemplate" ("data_file_id") `);
        await queryRunner.query(`DROP INDEX "idx_core_job_object_type_name"`);
        await queryRunner.query(`DROP INDEX "idx_core_job_user_id"`);
        await queryRunner.query(`DROP INDEX "idx_core_job_created"`);
        await queryRunner.query(`CREATE TABLE "temporary_core_job" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "object_type" varchar(100) NOT NULL, "object_id" bigint, "name" varchar(200) NOT NULL, "status" varchar(50) NOT NULL, "created" datetime NOT NULL, "scheduled" datetime, "interval" integer, "started" datetime, "completed" datetime, "user_id" integer, "data" text, "job_id" varchar(36) NOT NULL, "error" text NOT NULL, "queue_name" varchar(100) NOT NULL, "notifications" varchar(50) NOT NULL, "log_entries" text NOT NULL, CONSTRAINT "UQ_4ac3c26fe1113bc54a31b785f44" UNIQUE ("job_id"), CONSTRAINT "FK_519fa3dd54f34f59be1d91507b2" FOREIGN KEY ("user_id") REFERENCES "users_user" ("id") ON DELETE SET NULL ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "temporary_core_job"("id", "object_type", "object_id", "name", "status", "created", "scheduled", "interval", "started", "completed", "user_id", "data", "job_id", "error", "queue_name", "notifications", "log_entries") SELECT "id", "object_type", "object_id", "name", "status", "created", "scheduled", "interval", "started", "completed", "user_id", "data", "job_id", '', '', 'always', '[]' FROM "core_job"`);
        await queryRunner.query(`DROP TABLE "core_job"`);
        await queryRunner.query(`ALTER TABLE "temporary_core_job" RENAME TO "core_job"`);
        await queryRunner.query(`CREATE INDEX "idx_core_job_object_type_name" ON "core_job" ("object_type", "name") `);
        await queryRunner.query(`CREATE INDEX "idx_core_job_user_id" ON "core_job" ("user_id") `);
        await queryRunner.query(`CREATE INDEX "idx_core_job_created" ON "core_job" ("created") `);
        await queryRunner.query(`DROP INDEX "idx_extras_imageattachment_content_type_object_id"`);
        await queryRunner.query(`DROP INDEX "idx_extras_imageattachment_name"`);
        await queryRunner.query(`CREATE TABLE "temporary_extras_imageattachment" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "content_type" text NOT NULL, "object_id" integer NOT NULL, "name" varchar(50) NOT NULL, "image" varchar(100) NOT NULL, "image_height" integer NOT NULL, "image_width" integer NOT NULL, "created" date, "last_updated" datetime, "description" varchar(200) NOT NULL, "image_size" bigint)`);
        await queryRunner.query(`INSERT INTO "temporary_extras_imageattachment"("id", "content_type", "object_id", "name", "image", "image_height", "image_width", "created", "last_updated", "description") SELECT "id", "content_type", "object_id", "name", "image", "image_height", "image_width", "created", "last_updated", "description" FROM "extras_imageattachment"`);
        await queryRunner.query(`DROP TABLE "extras_imageattachment"`);
        await queryRunner.query(`ALTER TABLE "temporary_extras_imageattachment" RENAME TO "extras_imageattachment"`);
        await queryRunner.query(`CREATE INDEX "idx_extras_imageattachment_content_type_object_id" ON "extras_imageattachment" ("content_type", "object_id") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_imageattachment_name" ON "extras_imageattachment" ("name") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "idx_extras_imageattachment_name"`);
        await queryRunner.query(`DROP INDEX "idx_extras_imageattachment_content_type_object_id"`);
        await queryRunner.query(`ALTER TABLE "extras_imageattachment" RENAME TO "temporary_extras_imageattachment"`);
        await queryRunner.query(`CREATE TABLE "extras_imageattachment" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "content_type" text NOT NULL, "object_id" integer NOT NULL, "name" varchar(50) NOT NULL, "image" varchar(100) NOT NULL, "image_height" integer NOT NULL, "image_width" integer NOT NULL, "created" date, "last_updated" datetime, "description" varchar(200) NOT NULL)`);
        await queryRunner.query(`INSERT INTO "extras_imageattachment"("id", "content_type", "object_id", "name", "image", "image_height", "image_width", "created", "last_updated", "description") SELECT "id", "content_type", "object_id", "name", "image", "image_height", "image_width", "created", "last_updated", "description" FROM "temporary_extras_imageattachment"`);
        await queryRunner.query(`DROP TABLE "temporary_extras_imageattachment"`);
        await queryRunner.query(`CREATE INDEX "idx_extras_imageattachment_name" ON "extras_imageattachment" ("name") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_imageattachment_content_type_object_id" ON "extras_imageattachment" ("content_type", "object_id") `);
        await queryRunner.query(`DROP INDEX "idx_core_job_created"`);
        await queryRunner.query(`DROP INDEX "idx_core_job_user_id"`);
        await queryRunner.query(`DROP INDEX "idx_core_job_object_type_name"`);
        await queryRunner.query(`ALTER TABLE "core_job" RENAME TO "temporary_core_job"`);
        await queryRunner.query(`CREATE TABLE "core_job" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "object_type" varchar(100) NOT NULL, "object_id" bigint, "name" varchar(200) NOT NULL, "status" varchar(50) NOT NULL, "created" datetime NOT NULL, "scheduled" datetime, "interval" integer, "started" datetime, "completed" datetime, "user_id" integer, "data" text, "job_id" varchar(36) NOT NULL, CONSTRAINT "UQ_4ac3c26fe1113bc54a31b785f44" UNIQUE ("job_id"), CONSTRAINT "FK_519fa3dd54f34f59be1d91507b2" FOREIGN KEY ("user_id") REFERENCES "users_user" ("id") ON DELETE SET NULL ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "core_job"("id", "object_type", "object_id", "name", "status", "created", "scheduled", "interval", "started", "completed", "user_id", "data", "job_id") SELECT "id", "object_type", "object_id", "name", "status", "created", "scheduled", "interval", "started", "completed", "user_id", "data", "job_id" FROM "temporary_core_job"`);
        await queryRunner.query(`DROP TABLE "temporary_core_job"`);
        await queryRunner.query(`CREATE INDEX "idx_core_job_created" ON "core_job" ("created") `);
        await queryRunner.query(`CREATE INDEX "idx_core_job_user_id" ON "core_job" ("user_id") `);
        await queryRunner.query(`CREATE INDEX "idx_core_job_object_type_name" ON "core_job" ("object_type", "name") `);
        await queryRunner.query(`DROP INDEX "idx_extras_configtemplate_data_file_id"`);
        await queryRunner.query(`DROP INDEX "idx_extras_configtemplate_data_source_id"`);
        await queryRunner.query(`DROP INDEX "idx_extras_configtemplate_name"`);
        await queryRunner.query(`ALTER TABLE "extras_configtemplate" RENAME TO "temporary_extras_configtemplate"`);
        await queryRunner.query(`CREATE TABLE "extras_configtemplate" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(100) NOT NULL, "description" varchar(200) NOT NULL, "template_code" text NOT NULL, "environment_params" text, "created" date, "last_updated" datetime, "data_source_id" integer, "data_path" varchar(1000) NOT NULL, "data_file_id" integer, "data_synced" datetime, "mime_type" varchar(50) NOT NULL, "file_name" varchar(200) NOT NULL, "file_extension" varchar(15) NOT NULL, "as_attachment" boolean NOT NULL, CONSTRAINT "FK_acd16fd251fe7c811d72d6d8dab" FOREIGN KEY ("data_source_id") REFERENCES "core_datasource" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_df9c3104e7e0a5bca3277ef9b22" FOREIGN KEY ("data_file_id") REFERENCES "core_datafile" ("id") ON DELETE SET NULL ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "extras_configtemplate"("id", "name", "description", "template_code", "environment_params", "created", "last_updated", "data_source_id", "data_path", "data_file_id", "data_synced", "mime_type", "file_name", "file_extension", "as_attachment") SELECT "id", "name", "description", "template_code", "environment_params", "created", "last_updated", "data_source_id", "data_path", "data_file_id", "data_synced", "mime_type", "file_name", "file_extension", "as_attachment" FROM "temporary_extras_configtemplate"`);
        await queryRunner.query(`DROP TABLE "temporary_extras_configtemplate"`);
        await queryRunner.query(`CREATE INDEX "idx_extras_configtemplate_data_file_id" ON "extras_configtemplate" ("data_file_id") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_configtemplate_data_source_id" ON "extras_configtemplate" ("data_source_id") `);
        await queryRunner.query(`CREATE INDEX "idx_extras_configtemplate_name" ON "extras_configtemplate" ("name") `);
    }

}
