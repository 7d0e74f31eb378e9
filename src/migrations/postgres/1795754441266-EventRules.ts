import { MigrationInterface, QueryRunner } from "typeorm";

export class EventRules1795754441266 implements MigrationInterface {
    name = 'EventRules1795754441266'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "public"."uniq_extras_webhook_payload_url_type_create_type_updat_facedec3"`);
        await queryRunner.query(`CREATE TABLE "extras_eventrule" ("id" SERIAL NOT NULL, "object_types" jsonb NOT NULL, "name" character varying(150) NOT NULL, "enabled" boolean NOT NULL, "event_types" jsonb NOT NULL, "conditions" jsonb, "action_type" character varying(50) NOT NULL, "action_object_type" text NOT NULL, "action_object_id" bigint, "action_data" jsonb, "description" character varying(200) NOT NULL, "comments" text NOT NULL, "custom_field_data" jsonb NOT NULL, "created" date, "last_updated" TIMESTAMP WITH TIME ZONE, CONSTRAINT "UQ_d8a9f1214ddcf8a9d8f502360fb" UNIQUE ("name"), CONSTRAINT "PK_9925f060a5c0ea40531ba77c7e6" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "idx_extras_eventrule_action_object_type_action_object_id" ON "extras_eventrule" ("action_object_type", "action_object_id") `);
        // As NetBox 3.7's migration moved webhooks' triggers: a rule per webhook, named as it, sending it; 3.6's job end is each way a job ends (4.1).
        await queryRunner.query(`INSERT INTO "extras_eventrule"("object_types", "name", "enabled", "event_types", "conditions", "action_type", "action_object_type", "action_object_id", "action_data", "description", "comments", "custom_field_data", "created", "last_updated") SELECT "content_types", "name", "enabled", CAST('[' || substr(CASE WHEN "type_create" THEN ',"object_created"' ELSE '' END || CASE WHEN "type_update" THEN ',"object_updated"' ELSE '' END || CASE WHEN "type_delete" THEN ',"object_deleted"' ELSE '' END || CASE WHEN "type_job_start" THEN ',"job_started"' ELSE '' END || CASE WHEN "type_job_end" THEN ',"job_completed","job_errored","job_failed"' ELSE '' END, 2) || ']' AS jsonb), "conditions", 'webhook', 'extras.webhook', "id", NULL, '', '', '{}', CURRENT_DATE, now() FROM "extras_webhook" ORDER BY "id"`);
        await queryRunner.query(`ALTER TABLE "extras_webhook" DROP COLUMN "type_delete"`);
        await queryRunner.query(`ALTER TABLE "extras_webhook" DROP COLUMN "type_job_end"`);
        await queryRunner.query(`ALTER TABLE "extras_webhook" DROP COLUMN "type_job_start"`);
        await queryRunner.query(`ALTER TABLE "extras_webhook" DROP COLUMN "enabled"`);
        await queryRunner.query(`ALTER TABLE "extras_webhook" DROP COLUMN "conditions"`);
        await queryRunner.query(`ALTER TABLE "extras_webhook" DROP COLUMN "type_create"`);
        await queryRunner.query(`ALTER TABLE "extras_webhook" DROP COLUMN "content_types"`);
        await queryRunner.query(`ALTER TABLE "extras_webhook" DROP COLUMN "type_update"`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "extras_webhook" ADD "type_update" boolean NOT NULL`);
        await queryRunner.query(`ALTER TABLE "extras_webhook" ADD "content_types" jsonb NOT NULL`);
        await queryRunner.query(`ALTER TABLE "extras_webhook" ADD "type_create" boolean NOT NULL`);
        await queryRunner.query(`ALTER TABLE "extras_webhook" ADD "conditions" jsonb`);
        await queryRunner.query(`ALTER TABLE "extras_webhook" ADD "enabled" boolean NOT NULL`);
        await queryRunner.query(`ALTER TABLE "extras_webhook" ADD "type_job_start" boolean NOT NULL`);
        await queryRunner.query(`ALTER TABLE "extras_webhook" ADD "type_job_end" boolean NOT NULL`);
        await queryRunner.query(`ALTER TABLE "extras_webhook" ADD "type_delete" boolean NOT NULL`);
        await queryRunner.query(`DROP INDEX "public"."idx_extras_eventrule_action_object_type_action_object_id"`);
        await queryRunner.query(`DROP TABLE "extras_eventrule"`);
        await queryRunner.query(`CREATE UNIQUE INDEX "uniq_extras_webhook_payload_url_type_create_type_updat_facedec3" ON "extras_webhook" ("type_create", "type_update", "type_delete", "payload_url") `);
    }

}
