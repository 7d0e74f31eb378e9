import { MigrationInterface, QueryRunner } from "typeorm";

export class EventRules1795754374009 implements MigrationInterface {
    name = 'EventRules1795754374009'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "uniq_extras_webhook_payload_url_type_create_type_updat_facedec3"`);
        await queryRunner.query(`CREATE TABLE "extras_eventrule" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "object_types" text NOT NULL, "name" varchar(150) NOT NULL, "enabled" boolean NOT NULL, "event_types" text NOT NULL, "conditions" text, "action_type" varchar(50) NOT NULL, "action_object_type" text NOT NULL, "action_object_id" bigint, "action_data" text, "description" varchar(200) NOT NULL, "comments" text NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, CONSTRAINT "UQ_d8a9f1214ddcf8a9d8f502360fb" UNIQUE ("name"))`);
        await queryRunner.query(`CREATE INDEX "idx_extras_eventrule_action_object_type_action_object_id" ON "extras_eventrule" ("action_object_type", "action_object_id") `);
        // As NetBox 3.7's migration moved webhooks' triggers: a rule per webhook, named as it, sending it; 3.6's job end is each way a job ends (4.1).
        await queryRunner.query(`INSERT INTO "extras_eventrule"("object_types", "name", "enabled", "event_types", "conditions", "action_type", "action_object_type", "action_object_id", "action_data", "description", "comments", "custom_field_data", "created", "last_updated") SELECT "content_types", "name", "enabled", '[' || substr(CASE WHEN "type_create" THEN ',"object_created"' ELSE '' END || CASE WHEN "type_update" THEN ',"object_updated"' ELSE '' END || CASE WHEN "type_delete" THEN ',"object_deleted"' ELSE '' END || CASE WHEN "type_job_start" THEN ',"job_started"' ELSE '' END || CASE WHEN "type_job_end" THEN ',"job_completed","job_errored","job_failed"' ELSE '' END, 2) || ']', "conditions", 'webhook', 'extras.webhook', "id", NULL, '', '', '{}', date('now'), strftime('%Y-%m-%d %H:%M:%f', 'now') FROM "extras_webhook" ORDER BY "id"`);
        await queryRunner.query(`CREATE TABLE "temporary_extras_webhook" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(150) NOT NULL, "payload_url" varchar(500) NOT NULL, "http_method" varchar(50) NOT NULL, "http_content_type" varchar(100) NOT NULL, "additional_headers" text NOT NULL, "body_template" text NOT NULL, "secret" varchar(255) NOT NULL, "ssl_verification" boolean NOT NULL, "ca_file_path" varchar(4096), "created" date, "last_updated" datetime, "description" varchar(200) NOT NULL, "custom_field_data" text NOT NULL, CONSTRAINT "UQ_5784387e19b1cf660b11f8b8326" UNIQUE ("name"))`);
        await queryRunner.query(`INSERT INTO "temporary_extras_webhook"("id", "name", "payload_url", "http_method", "http_content_type", "additional_headers", "body_template", "secret", "ssl_verification", "ca_file_path", "created", "last_updated", "description", "custom_field_data") SELECT "id", "name", "payload_url", "http_method", "http_content_type", "additional_headers", "body_template", "secret", "ssl_verification", "ca_file_path", "created", "last_updated", "description", "custom_field_data" FROM "extras_webhook"`);
        await queryRunner.query(`DROP TABLE "extras_webhook"`);
        await queryRunner.query(`ALTER TABLE "temporary_extras_webhook" RENAME TO "extras_webhook"`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "extras_webhook" RENAME TO "temporary_extras_webhook"`);
        await queryRunner.query(`CREATE TABLE "extras_webhook" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "content_types" text NOT NULL, "name" varchar(150) NOT NULL, "type_create" boolean NOT NULL, "type_update" boolean NOT NULL, "type_delete" boolean NOT NULL, "type_job_start" boolean NOT NULL, "type_job_end" boolean NOT NULL, "payload_url" varchar(500) NOT NULL, "enabled" boolean NOT NULL, "http_method" varchar(50) NOT NULL, "http_content_type" varchar(100) NOT NULL, "additional_headers" text NOT NULL, "body_template" text NOT NULL, "secret" varchar(255) NOT NULL, "conditions" text, "ssl_verification" boolean NOT NULL, "ca_file_path" varchar(4096), "created" date, "last_updated" datetime, "description" varchar(200) NOT NULL, "custom_field_data" text NOT NULL, CONSTRAINT "UQ_5784387e19b1cf660b11f8b8326" UNIQUE ("name"))`);
        await queryRunner.query(`INSERT INTO "extras_webhook"("id", "name", "payload_url", "http_method", "http_content_type", "additional_headers", "body_template", "secret", "ssl_verification", "ca_file_path", "created", "last_updated", "description", "custom_field_data") SELECT "id", "name", "payload_url", "http_method", "http_content_type", "additional_headers", "body_template", "secret", "ssl_verification", "ca_file_path", "created", "last_updated", "description", "custom_field_data" FROM "temporary_extras_webhook"`);
        await queryRunner.query(`DROP TABLE "temporary_extras_webhook"`);
        await queryRunner.query(`DROP INDEX "idx_extras_eventrule_action_object_type_action_object_id"`);
        await queryRunner.query(`DROP TABLE "extras_eventrule"`);
        await queryRunner.query(`CREATE UNIQUE INDEX "uniq_extras_webhook_payload_url_type_create_type_updat_facedec3" ON "extras_webhook" ("payload_url", "type_create", "type_update", "type_delete") `);
    }

}
