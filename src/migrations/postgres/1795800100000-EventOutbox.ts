import { MigrationInterface, QueryRunner } from "typeorm";

export class EventOutbox1795800100000 implements MigrationInterface {
    name = 'EventOutbox1795800100000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "core_outbox" ("id" SERIAL NOT NULL, "kind" character varying(50) NOT NULL, "job_id" character varying(100), "payload" jsonb NOT NULL, "options" jsonb NOT NULL, "recorded" TIMESTAMP WITH TIME ZONE NOT NULL, "claimed_until" TIMESTAMP WITH TIME ZONE, "attempts" integer NOT NULL, CONSTRAINT "PK_a7db2de46204ae27ccd7dc5cabe" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "idx_core_outbox_job_id" ON "core_outbox" ("job_id") `);
        await queryRunner.query(`CREATE INDEX "idx_core_outbox_claimed_until" ON "core_outbox" ("claimed_until") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "public"."idx_core_outbox_claimed_until"`);
        await queryRunner.query(`DROP INDEX "public"."idx_core_outbox_job_id"`);
        await queryRunner.query(`DROP TABLE "core_outbox"`);
    }

}
