import { MigrationInterface, QueryRunner } from "typeorm";

export class WebhookPayloadDialect1795767485957 implements MigrationInterface {
    name = 'WebhookPayloadDialect1795767485957'

    public async up(queryRunner: QueryRunner): Promise<void> {
        // Webhooks made before are 3.5's: their receivers keep 3.5's payload.
        await queryRunner.query(`ALTER TABLE "extras_webhook" ADD "payload_dialect" character varying(10) NOT NULL DEFAULT '3.5'`);
        await queryRunner.query(`ALTER TABLE "extras_webhook" ALTER COLUMN "payload_dialect" DROP DEFAULT`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "extras_webhook" DROP COLUMN "payload_dialect"`);
    }

}
