import { MigrationInterface, QueryRunner } from "typeorm";

export class WebhooksAndJobs1795627956819 implements MigrationInterface {
    name = 'WebhooksAndJobs1795627956819'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "extras_webhook" ("id" SERIAL NOT NULL, "content_types" jsonb NOT NULL, "name" character varying(150) NOT NULL, "type_create" boolean NOT NULL, "type_update" boolean NOT NULL, "type_delete" boolean NOT NULL, "type_job_start" boolean NOT NULL, "type_job_end" boolean NOT NULL, "payload_url" character varying(500) NOT NULL, "enabled" boolean NOT NULL, "http_method" character varying(50) NOT NULL, "http_content_type" character varying(100) NOT NULL, "additional_headers" text NOT NULL, "body_template" text NOT NULL, "secret" character varying(255) NOT NULL, "conditions" jsonb, "ssl_verification" boolean NOT NULL, "ca_file_path" character varying(4096), "created" date, "last_updated" TIMESTAMP WITH TIME ZONE, CONSTRAINT "UQ_5784387e19b1cf660b11f8b8326" UNIQUE ("name"), CONSTRAINT "PK_5d5675a412e9802485806c402f6" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "uniq_extras_webhook_payload_url_type_create_type_updat_facedec3" ON "extras_webhook" ("payload_url", "type_create", "type_update", "type_delete") `);
        await queryRunner.query(`CREATE TABLE "core_job" ("id" SERIAL NOT NULL, "object_type" character varying(100) NOT NULL, "object_id" bigint, "name" character varying(200) NOT NULL, "status" character varying(50) NOT NULL, "created" TIMESTAMP WITH TIME ZONE NOT NULL, "scheduled" TIMESTAMP WITH TIME ZONE, "interval" integer, "started" TIMESTAMP WITH TIME ZONE, "completed" TIMESTAMP WITH TIME ZONE, "user_id" integer, "data" jsonb, "job_id" character varying(36) NOT NULL, CONSTRAINT "UQ_4ac3c26fe1113bc54a31b785f44" UNIQUE ("job_id"), CONSTRAINT "PK_c4a1be0ceeb4605021ee774fa37" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "idx_core_job_created" ON "core_job" ("created") `);
        await queryRunner.query(`CREATE INDEX "idx_core_job_user_id" ON "core_job" ("user_id") `);
        await queryRunner.query(`CREATE INDEX "idx_core_job_object_type_name" ON "core_job" ("object_type", "name") `);
        await queryRunner.query(`ALTER TABLE "core_job" ADD CONSTRAINT "FK_519fa3dd54f34f59be1d91507b2" FOREIGN KEY ("user_id") REFERENCES "users_user"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "core_job" DROP CONSTRAINT "FK_519fa3dd54f34f59be1d91507b2"`);
        await queryRunner.query(`DROP INDEX "public"."idx_core_job_object_type_name"`);
        await queryRunner.query(`DROP INDEX "public"."idx_core_job_user_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_core_job_created"`);
        await queryRunner.query(`DROP TABLE "core_job"`);
        await queryRunner.query(`DROP INDEX "public"."uniq_extras_webhook_payload_url_type_create_type_updat_facedec3"`);
        await queryRunner.query(`DROP TABLE "extras_webhook"`);
    }

}
