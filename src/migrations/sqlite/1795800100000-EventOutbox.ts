import { MigrationInterface, QueryRunner } from "typeorm";

export class EventOutbox1795800100000 implements MigrationInterface {
    name = 'EventOutbox1795800100000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "core_outbox" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "kind" varchar(50) NOT NULL, "job_id" varchar(100), "payload" text NOT NULL, "options" text NOT NULL, "recorded" datetime NOT NULL, "claimed_until" datetime, "attempts" integer NOT NULL)`);
        await queryRunner.query(`CREATE INDEX "idx_core_outbox_job_id" ON "core_outbox" ("job_id") `);
        await queryRunner.query(`CREATE INDEX "idx_core_outbox_claimed_until" ON "core_outbox" ("claimed_until") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "idx_core_outbox_claimed_until"`);
        await queryRunner.query(`DROP INDEX "idx_core_outbox_job_id"`);
        await queryRunner.query(`DROP TABLE "core_outbox"`);
    }

}
