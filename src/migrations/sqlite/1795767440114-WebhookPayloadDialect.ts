import { MigrationInterface, QueryRunner } from "typeorm";

export class WebhookPayloadDialect1795767440114 implements MigrationInterface {
    name = 'WebhookPayloadDialect1795767440114'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "idx_extras_webhook_owner_id"`);
        await queryRunner.query(`CREATE TABLE "temporary_extras_webhook" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(150) NOT NULL, "payload_url" varchar(500) NOT NULL, "http_method" varchar(50) NOT NULL, "http_content_type" varchar(100) NOT NULL, "additional_headers" text NOT NULL, "body_template" text NOT NULL, "secret" varchar(255) NOT NULL, "ssl_verification" boolean NOT NULL, "ca_file_path" varchar(4096), "created" date, "last_updated" datetime, "description" varchar(200) NOT NULL, "custom_field_data" text NOT NULL, "owner_id" integer, "payload_dialect" varchar(10) NOT NULL, CONSTRAINT "UQ_5784387e19b1cf660b11f8b8326" UNIQUE ("name"), CONSTRAINT "FK_8af783365bca6834e4b38db5937" FOREIGN KEY ("owner_id") REFERENCES "users_owner" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION)`);
        // Webhooks made before are 3.5's: their receivers keep 3.5's payload.
        await queryRunner.query(`INSERT INTO "temporary_extras_webhook"("id", "name", "payload_url", "http_method", "http_content_type", "additional_headers", "body_template", "secret", "ssl_verification", "ca_file_path", "created", "last_updated", "description", "custom_field_data", "owner_id", "payload_dialect") SELECT "id", "name", "payload_url", "http_method", "http_content_type", "additional_headers", "body_template", "secret", "ssl_verification", "ca_file_path", "created", "last_updated", "description", "custom_field_data", "owner_id", '3.5' FROM "extras_webhook"`);
        await queryRunner.query(`DROP TABLE "extras_webhook"`);
        await queryRunner.query(`ALTER TABLE "temporary_extras_webhook" RENAME TO "extras_webhook"`);
        await queryRunner.query(`CREATE INDEX "idx_extras_webhook_owner_id" ON "extras_webhook" ("owner_id") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "idx_extras_webhook_owner_id"`);
        await queryRunner.query(`ALTER TABLE "extras_webhook" RENAME TO "temporary_extras_webhook"`);
        await queryRunner.query(`CREATE TABLE "extras_webhook" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(150) NOT NULL, "payload_url" varchar(500) NOT NULL, "http_method" varchar(50) NOT NULL, "http_content_type" varchar(100) NOT NULL, "additional_headers" text NOT NULL, "body_template" text NOT NULL, "secret" varchar(255) NOT NULL, "ssl_verification" boolean NOT NULL, "ca_file_path" varchar(4096), "created" date, "last_updated" datetime, "description" varchar(200) NOT NULL, "custom_field_data" text NOT NULL, "owner_id" integer, CONSTRAINT "UQ_5784387e19b1cf660b11f8b8326" UNIQUE ("name"), CONSTRAINT "FK_8af783365bca6834e4b38db5937" FOREIGN KEY ("owner_id") REFERENCES "users_owner" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "extras_webhook"("id", "name", "payload_url", "http_method", "http_content_type", "additional_headers", "body_template", "secret", "ssl_verification", "ca_file_path", "created", "last_updated", "description", "custom_field_data", "owner_id") SELECT "id", "name", "payload_url", "http_method", "http_content_type", "additional_headers", "body_template", "secret", "ssl_verification", "ca_file_path", "created", "last_updated", "description", "custom_field_data", "owner_id" FROM "temporary_extras_webhook"`);
        await queryRunner.query(`DROP TABLE "temporary_extras_webhook"`);
        await queryRunner.query(`CREATE INDEX "idx_extras_webhook_owner_id" ON "extras_webhook" ("owner_id") `);
    }

}
