import { MigrationInterface, QueryRunner } from "typeorm";

/** NetBox 4.x's custom field data of contact assignments and webhooks (none yet), a webhook's description (blank) and a user's last login (none recorded). */
export class NetBox4TagsFieldsLogins1795752190891 implements MigrationInterface {
    name = 'NetBox4TagsFieldsLogins1795752190891'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "temporary_users_user" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "username" varchar(150) NOT NULL, "password" varchar(256) NOT NULL, "first_name" varchar(150) NOT NULL, "last_name" varchar(150) NOT NULL, "email" varchar(254) NOT NULL, "is_staff" boolean NOT NULL, "is_active" boolean NOT NULL, "is_superuser" boolean NOT NULL, "date_joined" datetime NOT NULL, "config_data" text NOT NULL, "last_login" datetime, CONSTRAINT "UQ_b75b17f36f1b000823ddac45946" UNIQUE ("username"))`);
        await queryRunner.query(`INSERT INTO "temporary_users_user"("id", "username", "password", "first_name", "last_name", "email", "is_staff", "is_active", "is_superuser", "date_joined", "config_data") SELECT "id", "username", "password", "first_name", "last_name", "email", "is_staff", "is_active", "is_superuser", "date_joined", "config_data" FROM "users_user"`);
        await queryRunner.query(`DROP TABLE "users_user"`);
        await queryRunner.query(`ALTER TABLE "temporary_users_user" RENAME TO "users_user"`);
        await queryRunner.query(`DROP INDEX "idx_tenancy_contactassignment_priority"`);
        await queryRunner.query(`DROP INDEX "tenancy_contactassignment_unique_object_contact_role"`);
        await queryRunner.query(`DROP INDEX "idx_tenancy_contactassignment_role_id"`);
        await queryRunner.query(`DROP INDEX "idx_tenancy_contactassignment_contact_id"`);
        await queryRunner.query(`CREATE TABLE "temporary_tenancy_contactassignment" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "content_type" text NOT NULL, "object_id" bigint NOT NULL, "contact_id" integer NOT NULL, "role_id" integer NOT NULL, "priority" varchar(50) NOT NULL, "created" date, "last_updated" datetime, "custom_field_data" text NOT NULL, CONSTRAINT "FK_d0e166fb483589f02ad2c9b67b7" FOREIGN KEY ("role_id") REFERENCES "tenancy_contactrole" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_3c16e7a57d37a57e36a1dd6388f" FOREIGN KEY ("contact_id") REFERENCES "tenancy_contact" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "temporary_tenancy_contactassignment"("id", "content_type", "object_id", "contact_id", "role_id", "priority", "created", "last_updated", "custom_field_data") SELECT "id", "content_type", "object_id", "contact_id", "role_id", "priority", "created", "last_updated", '{}' FROM "tenancy_contactassignment"`);
        await queryRunner.query(`DROP TABLE "tenancy_contactassignment"`);
        await queryRunner.query(`ALTER TABLE "temporary_tenancy_contactassignment" RENAME TO "tenancy_contactassignment"`);
        await queryRunner.query(`CREATE INDEX "idx_tenancy_contactassignment_priority" ON "tenancy_contactassignment" ("priority") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "tenancy_contactassignment_unique_object_contact_role" ON "tenancy_contactassignment" ("content_type", "object_id", "contact_id", "role_id") `);
        await queryRunner.query(`CREATE INDEX "idx_tenancy_contactassignment_role_id" ON "tenancy_contactassignment" ("role_id") `);
        await queryRunner.query(`CREATE INDEX "idx_tenancy_contactassignment_contact_id" ON "tenancy_contactassignment" ("contact_id") `);
        await queryRunner.query(`DROP INDEX "uniq_extras_webhook_payload_url_type_create_type_updat_facedec3"`);
        await queryRunner.query(`CREATE TABLE "temporary_extras_webhook" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "content_types" text NOT NULL, "name" varchar(150) NOT NULL, "type_create" boolean NOT NULL, "type_update" boolean NOT NULL, "type_delete" boolean NOT NULL, "type_job_start" boolean NOT NULL, "type_job_end" boolean NOT NULL, "payload_url" varchar(500) NOT NULL, "enabled" boolean NOT NULL, "http_method" varchar(50) NOT NULL, "http_content_type" varchar(100) NOT NULL, "additional_headers" text NOT NULL, "body_template" text NOT NULL, "secret" varchar(255) NOT NULL, "conditions" text, "ssl_verification" boolean NOT NULL, "ca_file_path" varchar(4096), "created" date, "last_updated" datetime, "description" varchar(200) NOT NULL, "custom_field_data" text NOT NULL, CONSTRAINT "UQ_5784387e19b1cf660b11f8b8326" UNIQUE ("name"))`);
        await queryRunner.query(`INSERT INTO "temporary_extras_webhook"("id", "content_types", "name", "type_create", "type_update", "type_delete", "type_job_start", "type_job_end", "payload_url", "enabled", "http_method", "http_content_type", "additional_headers", "body_template", "secret", "conditions", "ssl_verification", "ca_file_path", "created", "last_updated", "description", "custom_field_data") SELECT "id", "content_types", "name", "type_create", "type_update", "type_delete", "type_job_start", "type_job_end", "payload_url", "enabled", "http_method", "http_content_type", "additional_headers", "body_template", "secret", "conditions", "ssl_verification", "ca_file_path", "created", "last_updated", '', '{}' FROM "extras_webhook"`);
        await queryRunner.query(`DROP TABLE "extras_webhook"`);
        await queryRunner.query(`ALTER TABLE "temporary_extras_webhook" RENAME TO "extras_webhook"`);
        await queryRunner.query(`CREATE UNIQUE INDEX "uniq_extras_webhook_payload_url_type_create_type_updat_facedec3" ON "extras_webhook" ("payload_url", "type_create", "type_update", "type_delete") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "uniq_extras_webhook_payload_url_type_create_type_updat_facedec3"`);
        await queryRunner.query(`ALTER TABLE "extras_webhook" RENAME TO "temporary_extras_webhook"`);
        await queryRunner.query(`CREATE TABLE "extras_webhook" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "content_types" text NOT NULL, "name" varchar(150) NOT NULL, "type_create" boolean NOT NULL, "type_update" boolean NOT NULL, "type_delete" boolean NOT NULL, "type_job_start" boolean NOT NULL, "type_job_end" boolean NOT NULL, "payload_url" varchar(500) NOT NULL, "enabled" boolean NOT NULL, "http_method" varchar(50) NOT NULL, "http_content_type" varchar(100) NOT NULL, "additional_headers" text NOT NULL, "body_template" text NOT NULL, "secret" varchar(255) NOT NULL, "conditions" text, "ssl_verification" boolean NOT NULL, "ca_file_path" varchar(4096), "created" date, "last_updated" datetime, CONSTRAINT "UQ_5784387e19b1cf660b11f8b8326" UNIQUE ("name"))`);
        await queryRunner.query(`INSERT INTO "extras_webhook"("id", "content_types", "name", "type_create", "type_update", "type_delete", "type_job_start", "type_job_end", "payload_url", "enabled", "http_method", "http_content_type", "additional_headers", "body_template", "secret", "conditions", "ssl_verification", "ca_file_path", "created", "last_updated") SELECT "id", "content_types", "name", "type_create", "type_update", "type_delete", "type_job_start", "type_job_end", "payload_url", "enabled", "http_method", "http_content_type", "additional_headers", "body_template", "secret", "conditions", "ssl_verification", "ca_file_path", "created", "last_updated" FROM "temporary_extras_webhook"`);
        await queryRunner.query(`DROP TABLE "temporary_extras_webhook"`);
        await queryRunner.query(`CREATE UNIQUE INDEX "uniq_extras_webhook_payload_url_type_create_type_updat_facedec3" ON "extras_webhook" ("payload_url", "type_create", "type_update", "type_delete") `);
        await queryRunner.query(`DROP INDEX "idx_tenancy_contactassignment_contact_id"`);
        await queryRunner.query(`DROP INDEX "idx_tenancy_contactassignment_role_id"`);
        await queryRunner.query(`DROP INDEX "tenancy_contactassignment_unique_object_contact_role"`);
        await queryRunner.query(`DROP INDEX "idx_tenancy_contactassignment_priority"`);
        await queryRunner.query(`ALTER TABLE "tenancy_contactassignment" RENAME TO "temporary_tenancy_contactassignment"`);
        await queryRunner.query(`CREATE TABLE "tenancy_contactassignment" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "content_type" text NOT NULL, "object_id" bigint NOT NULL, "contact_id" integer NOT NULL, "role_id" integer NOT NULL, "priority" varchar(50) NOT NULL, "created" date, "last_updated" datetime, CONSTRAINT "FK_d0e166fb483589f02ad2c9b67b7" FOREIGN KEY ("role_id") REFERENCES "tenancy_contactrole" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_3c16e7a57d37a57e36a1dd6388f" FOREIGN KEY ("contact_id") REFERENCES "tenancy_contact" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "tenancy_contactassignment"("id", "content_type", "object_id", "contact_id", "role_id", "priority", "created", "last_updated") SELECT "id", "content_type", "object_id", "contact_id", "role_id", "priority", "created", "last_updated" FROM "temporary_tenancy_contactassignment"`);
        await queryRunner.query(`DROP TABLE "temporary_tenancy_contactassignment"`);
        await queryRunner.query(`CREATE INDEX "idx_tenancy_contactassignment_contact_id" ON "tenancy_contactassignment" ("contact_id") `);
        await queryRunner.query(`CREATE INDEX "idx_tenancy_contactassignment_role_id" ON "tenancy_contactassignment" ("role_id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "tenancy_contactassignment_unique_object_contact_role" ON "tenancy_contactassignment" ("content_type", "object_id", "contact_id", "role_id") `);
        await queryRunner.query(`CREATE INDEX "idx_tenancy_contactassignment_priority" ON "tenancy_contactassignment" ("priority") `);
        await queryRunner.query(`ALTER TABLE "users_user" RENAME TO "temporary_users_user"`);
        await queryRunner.query(`CREATE TABLE "users_user" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "username" varchar(150) NOT NULL, "password" varchar(256) NOT NULL, "first_name" varchar(150) NOT NULL, "last_name" varchar(150) NOT NULL, "email" varchar(254) NOT NULL, "is_staff" boolean NOT NULL, "is_active" boolean NOT NULL, "is_superuser" boolean NOT NULL, "date_joined" datetime NOT NULL, "config_data" text NOT NULL, CONSTRAINT "UQ_b75b17f36f1b000823ddac45946" UNIQUE ("username"))`);
        await queryRunner.query(`INSERT INTO "users_user"("id", "username", "password", "first_name", "last_name", "email", "is_staff", "is_active", "is_superuser", "date_joined", "config_data") SELECT "id", "username", "password", "first_name", "last_name", "email", "is_staff", "is_active", "is_superuser", "date_joined", "config_data" FROM "temporary_users_user"`);
        await queryRunner.query(`DROP TABLE "temporary_users_user"`);
    }

}
