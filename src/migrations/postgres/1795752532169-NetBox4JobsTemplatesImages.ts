import { MigrationInterface, QueryRunner } from "typeorm";

/** NetBox 4.x's job error, queue, notifications and log (existing jobs: none, blank, always, empty), a config template's debug and auto_sync_enabled (off), an image attachment's size (unknown for images stored before). */
export class NetBox4JobsTemplatesImages1795752532169 implements MigrationInterface {
    name = 'NetBox4JobsTemplatesImages1795752532169'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "extras_configtemplate" ADD "debug" boolean NOT NULL DEFAULT FALSE`);
        await queryRunner.query(`ALTER TABLE "extras_configtemplate" ALTER COLUMN "debug" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "extras_configtemplate" ADD "auto_sync_enabled" boolean NOT NULL DEFAULT FALSE`);
        await queryRunner.query(`ALTER TABLE "extras_configtemplate" ALTER COLUMN "auto_sync_enabled" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "core_job" ADD "error" text NOT NULL DEFAULT ''`);
        await queryRunner.query(`ALTER TABLE "core_job" ALTER COLUMN "error" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "core_job" ADD "queue_name" character varying(100) NOT NULL DEFAULT ''`);
        await queryRunner.query(`ALTER TABLE "core_job" ALTER COLUMN "queue_name" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "core_job" ADD "notifications" character varying(50) NOT NULL DEFAULT 'always'`);
        await queryRunner.query(`ALTER TABLE "core_job" ALTER COLUMN "notifications" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "core_job" ADD "log_entries" jsonb NOT NULL DEFAULT '[]'`);
        await queryRunner.query(`ALTER TABLE "core_job" ALTER COLUMN "log_entries" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "extras_imageattachment" ADD "image_size" bigint`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "extras_imageattachment" DROP COLUMN "image_size"`);
        await queryRunner.query(`ALTER TABLE "core_job" DROP COLUMN "log_entries"`);
        await queryRunner.query(`ALTER TABLE "core_job" DROP COLUMN "notifications"`);
        await queryRunner.query(`ALTER TABLE "core_job" DROP COLUMN "queue_name"`);
        await queryRunner.query(`ALTER TABLE "core_job" DROP COLUMN "error"`);
        await queryRunner.query(`ALTER TABLE "extras_configtemplate" DROP COLUMN "auto_sync_enabled"`);
        await queryRunner.query(`ALTER TABLE "extras_configtemplate" DROP COLUMN "debug"`);
    }

}
