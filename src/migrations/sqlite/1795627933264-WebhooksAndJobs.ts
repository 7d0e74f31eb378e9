import { MigrationInterface, QueryRunner } from "typeorm";

export class WebhooksAndJobs1795627933264 implements MigrationInterface {
    name = 'WebhooksAndJobs1795627933264'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "extras_webhook" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "content_types" text NOT NULL, "name" varchar(150) NOT NULL, "type_create" boolean NOT NULL, "type_update" boolean NOT NULL, "type_delete" boolean NOT NULL, "type_job_start" boolean NOT NULL, "type_job_end" boolean NOT NULL, "payload_url" varchar(500) NOT NULL, "enabled" boolean NOT NULL, "http_method" varchar(50) NOT NULL, "http_content_type" varchar(100) NOT NULL, "additional_headers" text NOT NULL, "body_template" text NOT NULL, "secret" varchar(255) NOT NULL, "conditions" text, "ssl_verification" boolean NOT NULL, "ca_file_path" varchar(4096), "created" date, "last_updated" datetime, CONSTRAINT "UQ_5784387e19b1cf660b11f8b8326" UNIQUE ("name"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "uniq_extras_webhook_payload_url_type_create_type_updat_facedec3" ON "extras_webhook" ("payload_url", "type_create", "type_update", "type_delete") `);
        await queryRunner.query(`CREATE TABLE "core_job" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "object_type" varchar(100) NOT NULL, "object_id" bigint, "name" varchar(200) NOT NULL, "status" varchar(50) NOT NULL, "created" datetime NOT NULL, "scheduled" datetime, "interval" integer, "started" datetime, "completed" datetime, "user_id" integer, "data" text, "job_id" varchar(36) NOT NULL, CONSTRAINT "UQ_4ac3c26fe1113bc54a31b785f44" UNIQUE ("job_id"))`);
        await queryRunner.query(`CREATE INDEX "idx_core_job_created" ON "core_job" ("created") `);
        await queryRunner.query(`CREATE INDEX "idx_core_job_user_id" ON "core_job" ("user_id") `);
        await queryRunner.query(`CREATE INDEX "idx_core_job_object_type_name" ON "core_job" ("object_type", "name") `);
        await queryRunner.query(`DROP INDEX "idx_core_job_created"`);
        await queryRunner.query(`DROP INDEX "idx_core_job_user_id"`);
        await queryRunner.query(`DROP INDEX "idx_core_job_object_type_name"`);
        await queryRunner.query(`CREATE TABLE "temporary_core_job" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "object_type" varchar(100) NOT NULL, "object_id" bigint, "name" varchar(200) NOT NULL, "status" varchar(50) NOT NULL, "created" datetime NOT NULL, "scheduled" datetime, "interval" integer, "started" datetime, "completed" datetime, "user_id" integer, "data" text, "job_id" varchar(36) NOT NULL, CONSTRAINT "UQ_4ac3c26fe1113bc54a31b785f44" UNIQUE ("job_id"), CONSTRAINT "FK_519fa3dd54f34f59be1d91507b2" FOREIGN KEY ("user_id") REFERENCES "users_user" ("id") ON DELETE SET NULL ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "temporary_core_job"("id", "object_type", "object_id", "name", "status", "created", "scheduled", "interval", "started", "completed", "user_id", "data", "job_id") SELECT "id", "object_type", "object_id", "name", "status", "created", "scheduled", "interval", "started", "completed", "user_id", "data", "job_id" FROM "core_job"`);
        await queryRunner.query(`DROP TABLE "core_job"`);
        await queryRunner.query(`ALTER TABLE "temporary_core_job" RENAME TO "core_job"`);
        await queryRunner.query(`CREATE INDEX "idx_core_job_created" ON "core_job" ("created") `);
        await queryRunner.query(`CREATE INDEX "idx_core_job_user_id" ON "core_job" ("user_id") `);
        await queryRunner.query(`CREATE INDEX "idx_core_job_object_type_name" ON "core_job" ("object_type", "name") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "idx_core_job_object_type_name"`);
        await queryRunner.query(`DROP INDEX "idx_core_job_user_id"`);
        await queryRunner.query(`DROP INDEX "idx_core_job_created"`);
        await queryRunner.query(`ALTER TABLE "core_job" RENAME TO "temporary_core_job"`);
        await queryRunner.query(`CREATE TABLE "core_job" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "object_type" varchar(100) NOT NULL, "object_id" bigint, "name" varchar(200) NOT NULL, "status" varchar(50) NOT NULL, "created" datetime NOT NULL, "scheduled" datetime, "interval" integer, "started" datetime, "completed" datetime, "user_id" integer, "data" text, "job_id" varchar(36) NOT NULL, CONSTRAINT "UQ_4ac3c26fe1113bc54a31b785f44" UNIQUE ("job_id"))`);
        await queryRunner.query(`INSERT INTO "core_job"("id", "object_type", "object_id", "name", "status", "created", "scheduled", "interval", "started", "completed", "user_id", "data", "job_id") SELECT "id", "object_type", "object_id", "name", "status", "created", "scheduled", "interval", "started", "completed", "user_id", "data", "job_id" FROM "temporary_core_job"`);
        await queryRunner.query(`DROP TABLE "temporary_core_job"`);
        await queryRunner.query(`CREATE INDEX "idx_core_job_object_type_name" ON "core_job" ("object_type", "name") `);
        await queryRunner.query(`CREATE INDEX "idx_core_job_user_id" ON "core_job" ("user_id") `);
        await queryRunner.query(`CREATE INDEX "idx_core_job_created" ON "core_job" ("created") `);
        await queryRunner.query(`DROP INDEX "idx_core_job_object_type_name"`);
        await queryRunner.query(`DROP INDEX "idx_core_job_user_id"`);
        await queryRunner.query(`DROP INDEX "idx_core_job_created"`);
        await queryRunner.query(`DROP TABLE "core_job"`);
        await queryRunner.query(`DROP INDEX "uniq_extras_webhook_payload_url_type_create_type_updat_facedec3"`);
        await queryRunner.query(`DROP TABLE "extras_webhook"`);
    }

}
